import { API_PATHS, type UnreadResponse } from '@backroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/*
 * The unread count's call, apart from api.ts (the Messages screen's calls and cache updates): the
 * shell asks for it on every signed-in screen, and importing api.ts there would put the Messages
 * screen's schemas into the shell's first load (docs/decisions/058-lighthouse-on-a-phone.md). Its
 * answer is read unparsed, as the shell's others (api-client's UnparsedOptions).
 */

/** GET /api/conversations/admin/unread. A failure is ignored: the badge stays as it is. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.conversations.detail('unread-count'),
    queryFn: ({ signal }) => apiRequest<UnreadResponse>(API_PATHS.unread, { parse: false, signal }),
    retry: false,
  });
