import {
  API_PATHS,
  type CampaignListQuery,
  campaignDetailResponseSchema,
  campaignListResponseSchema,
  MESSAGES,
  type NewsletterRequest,
  newsletterResponseSchema,
  type UserListQuery,
  userListResponseSchema,
} from '@backroom/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { serverMessageOr } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { invalidate, queryKeys } from '../../lib/query-keys';

/**
 * Refetches the campaigns shown, lists and details, as sending or progress changes their counts;
 * not the customer picker's pages (scoped under the campaigns too), which stay as they are.
 */
export function invalidateCampaigns(queryClient: QueryClient): Promise<unknown> {
  return invalidate(queryClient, [queryKeys.campaigns.lists(), queryKeys.campaigns.details()]);
}

function search(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** GET /api/user/all?role=user&q=&page=&pageSize=: one page of customers for the picker (and their count). */
export const recipientsQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: queryKeys.campaignRecipients.list(query),
    queryFn: ({ signal }) =>
      apiRequest(`${API_PATHS.userAll}?${search({ ...query, role: 'user' })}`, {
        schema: userListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useRecipients(query: UserListQuery, enabled = true) {
  return useQuery({ ...recipientsQueryOptions(query), enabled });
}

/** GET /api/campaigns: newest first, with their counts. */
export const campaignListQueryOptions = (query: CampaignListQuery) =>
  queryOptions({
    queryKey: queryKeys.campaigns.list(query),
    queryFn: ({ signal }) =>
      apiRequest(`${API_PATHS.campaigns}?${search(query)}`, { schema: campaignListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useCampaigns(query: CampaignListQuery) {
  return useQuery(campaignListQueryOptions(query));
}

/** GET /api/campaigns/{id}: the campaign and its rendered message. */
export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.campaigns.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.campaign.replace(':id', encodeURIComponent(id)), {
        schema: campaignDetailResponseSchema,
        signal,
      }),
  });

export function useCampaign(id: string | null) {
  return useQuery({ ...campaignQueryOptions(id ?? ''), enabled: id !== null });
}

/**
 * POST /api/user/send-newsletter; 'Email sent successfully to {n} user(s)!' (the server's message),
 * else the server's message or 'Failed to send email. Please ensure backend email route is configured.'
 */
export function useSendNewsletter({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewsletterRequest) =>
      apiRequest(API_PATHS.sendNewsletter, { method: 'POST', body: request, schema: newsletterResponseSchema }),
    onSuccess: async (answer) => {
      await invalidateCampaigns(queryClient);
      notifySuccess(answer.message || MESSAGES.emailSent(answer.recipients));
      onSuccess?.();
    },
    onError: (error) => notifyError(serverMessageOr(error, MESSAGES.newsletterFailed)),
  });
}
