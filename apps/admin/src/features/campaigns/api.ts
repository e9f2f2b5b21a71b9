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
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';

export const notificationKeys = {
  all: ['notifications'] as const,
  campaigns: () => [...notificationKeys.all, 'campaigns'] as const,
  campaignList: (query: CampaignListQuery) => [...notificationKeys.campaigns(), 'list', query] as const,
  campaign: (id: string) => [...notificationKeys.campaigns(), 'detail', id] as const,
  recipients: (query: UserListQuery) => [...notificationKeys.all, 'recipients', query] as const,
};

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
    queryKey: notificationKeys.recipients(query),
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
    queryKey: notificationKeys.campaignList(query),
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
    queryKey: notificationKeys.campaign(id),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.campaign.replace(':id', encodeURIComponent(id)), {
        schema: campaignDetailResponseSchema,
        signal,
      }),
  });

export function useCampaign(id: string | null) {
  return useQuery({ ...campaignQueryOptions(id ?? ''), enabled: id !== null });
}

/** The server's message, else the spec's 'Failed to send email. Please ensure backend email route is configured.' */
export function newsletterErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : MESSAGES.newsletterFailed;
}

/** POST /api/user/send-newsletter; 'Email sent successfully to {n} user(s)!' (the server's message). */
export function useSendNewsletter({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewsletterRequest) =>
      apiRequest(API_PATHS.sendNewsletter, { method: 'POST', body: request, schema: newsletterResponseSchema }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.campaigns() });
      notifySuccess(answer.message || MESSAGES.emailSent(answer.recipients));
      onSuccess?.();
    },
    onError: (error) => notifyError(newsletterErrorMessage(error)),
  });
}
