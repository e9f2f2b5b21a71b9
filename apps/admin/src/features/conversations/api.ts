import {
  API_PATHS,
  CONVERSATION_PAGE_SIZE,
  conversationListResponseSchema,
  MESSAGE_PAGE_SIZE,
  MESSAGES,
  type Message,
  messageResponseSchema,
  sentMessageResponseSchema,
  threadResponseSchema,
} from '@backroom/contract';
import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import {
  type ConversationPages,
  type ThreadPages,
  withMessageInThread,
  withNewMessage,
  withoutConversation,
  withReadConversation,
} from './conversation-cache';

/** A conversation's thread: its messages, a part of the conversation. */
export const threadKey = (conversationId: string) => queryKeys.conversations.part(conversationId, 'messages');

function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

const threadPath = (conversationId: string) =>
  API_PATHS.adminThread.replace(':conversationId', encodeURIComponent(conversationId));

/**
 * GET /api/conversations?limit=&before=&q=: a page of conversations, newest activity first; 'Load
 * more' asks for the page after the last one's nextCursor. A failure says so in a toast.
 */
export const conversationListQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.list({ q }),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(withQuery(API_PATHS.conversations, { limit: CONVERSATION_PAGE_SIZE, before: pageParam, q }), {
        schema: conversationListResponseSchema,
        signal,
        failureToast: MESSAGES.fetchConversationsFailed,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useConversationList(q: string) {
  return useInfiniteQuery(conversationListQueryOptions(q));
}

/**
 * GET /api/messages/admin/{id}?limit=&before=: the newest messages first, older pages with 'Load
 * older messages'. Fetching marks the conversation read on the server, which tells every admin the
 * new unread count; so it is fetched on every opening (staleTime 0), and marked read here too.
 */
export const threadQueryOptions = (conversationId: string, queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: threadKey(conversationId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiRequest(
        withQuery(threadPath(conversationId), { limit: MESSAGE_PAGE_SIZE, before: pageParam }),
        { schema: threadResponseSchema, signal, failureToast: MESSAGES.loadMessagesFailed },
      );
      updateLists(queryClient, (list) => withReadConversation(list, conversationId));
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export function useThread(conversationId: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery(threadQueryOptions(conversationId, queryClient));
}

/**
 * Tells the server the open conversation is read again after a customer's message arrived in it
 * (the newest message only): the server then broadcasts the unread count. A failure is ignored.
 */
export async function markConversationRead(conversationId: string): Promise<void> {
  await apiRequest(withQuery(threadPath(conversationId), { limit: 1 }), { schema: threadResponseSchema }).catch(
    () => undefined,
  );
}

function updateLists(queryClient: QueryClient, update: (list: ConversationPages) => ConversationPages): void {
  queryClient.setQueriesData<ConversationPages>({ queryKey: queryKeys.conversations.lists() }, (list) =>
    list ? update(list) : list,
  );
}

/**
 * A message arrived or was sent: every cached list moves its conversation to the top (a list that
 * does not hold it is fetched again), and its thread, if cached, shows it once.
 */
export function applyMessage(queryClient: QueryClient, message: Message, openId: string | null): void {
  let missing = false;
  for (const [key, list] of queryClient.getQueriesData<ConversationPages>({
    queryKey: queryKeys.conversations.lists(),
  })) {
    if (!list) continue;
    const next = withNewMessage(list, message, openId);
    if (next) queryClient.setQueryData(key, next);
    else missing = true;
  }
  if (missing) void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
  queryClient.setQueryData<ThreadPages>(threadKey(message.conversation), (thread) =>
    thread ? withMessageInThread(thread, message) : thread,
  );
}

/** A conversation deleted (here or by another admin): out of every list, its thread forgotten. */
export function forgetConversation(queryClient: QueryClient, conversationId: string): void {
  updateLists(queryClient, (list) => withoutConversation(list, conversationId));
  queryClient.removeQueries({ queryKey: threadKey(conversationId), exact: true });
}

/** POST /api/messages/admin: the reply, shown once; the server's message or 'Failed to send message'. */
export function useSendMessage({
  onSuccess,
  onError,
}: {
  onSuccess?: (message: Message) => void;
  onError?: (error: unknown) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { conversationId: string; body: string }) =>
      apiRequest(API_PATHS.adminMessage, {
        method: 'POST',
        body: request,
        schema: sentMessageResponseSchema,
        failureToast: MESSAGES.sendMessageFailed,
      }),
    onSuccess: ({ success: _success, ...message }) => {
      applyMessage(queryClient, message, message.conversation);
      onSuccess?.(message);
    },
    onError: (error) => onError?.(error),
  });
}

/** DELETE /api/conversations/{id}: 'Conversation deleted', else the server's message or 'Failed to delete conversation'. */
export function useDeleteConversation({ onSuccess }: { onSuccess?: (conversationId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest(API_PATHS.conversation.replace(':id', encodeURIComponent(conversationId)), {
        method: 'DELETE',
        schema: messageResponseSchema,
        failureToast: MESSAGES.deleteConversationFailed,
      }),
    onSuccess: (_answer, conversationId) => {
      forgetConversation(queryClient, conversationId);
      notifySuccess(MESSAGES.conversationDeleted);
      onSuccess?.(conversationId);
    },
  });
}
