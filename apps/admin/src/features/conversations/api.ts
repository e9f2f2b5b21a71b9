import { API_PATHS, unreadResponseSchema } from '@backroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const conversationKeys = {
  all: ['conversations'] as const,
  unread: () => [...conversationKeys.all, 'unread'] as const,
};

/** GET /api/conversations/admin/unread. A failure is ignored: the badge stays as it is. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.unread(),
    queryFn: ({ signal }) => apiRequest(API_PATHS.unread, { schema: unreadResponseSchema, signal }),
    retry: false,
  });
