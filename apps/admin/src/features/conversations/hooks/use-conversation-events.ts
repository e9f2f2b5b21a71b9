import { conversationDeletedEventSchema, EVENTS, newMessageEventSchema } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { connectSocket, onAdminBroadcasts } from '../../../lib/socket';
import { applyMessage, forgetConversation, markConversationRead, threadKey } from '../api';

interface ConversationEventsOptions {
  /** The open conversation, or null. */
  openId: string | null;
  /** The conversations the list shows: each is joined, as the spec's client does. */
  listedIds: readonly string[];
  /** The open conversation was deleted by another admin. */
  onOpenDeleted: () => void;
}

/**
 * The Messages screen's realtime (spec 2 section 7): a newMessage updates the list, the open thread
 * (once per _id) and the unread state of the others; conversationDeleted drops one. Every customer
 * message reaches the admins' room, so nothing depends on the per-conversation joins, which are
 * still sent for the listed conversations as the spec's client does. Once the admins' room is
 * joined again after a gap, the list and the open thread are fetched again: what was missed shows.
 */
export function useConversationEvents({ openId, listedIds, onOpenDeleted }: ConversationEventsOptions): void {
  const queryClient = useQueryClient();
  // The listeners stay put; they read the latest selection through refs.
  const openRef = useRef(openId);
  const onOpenDeletedRef = useRef(onOpenDeleted);
  useEffect(() => {
    openRef.current = openId;
    onOpenDeletedRef.current = onOpenDeleted;
  });

  useEffect(() => {
    const socket = connectSocket();
    const onMessage = (payload: unknown) => {
      const parsed = newMessageEventSchema.safeParse(payload);
      if (!parsed.success) return;
      const message = parsed.data;
      const open = openRef.current;
      applyMessage(queryClient, message, open);
      // The admin is looking at it: read, for the server (and every admin's count) too.
      if (message.conversation === open && !message.isAdmin) void markConversationRead(message.conversation);
    };
    const onDeleted = (payload: unknown) => {
      const parsed = conversationDeletedEventSchema.safeParse(payload);
      if (!parsed.success) return;
      forgetConversation(queryClient, parsed.data._id);
      if (parsed.data._id === openRef.current) onOpenDeletedRef.current();
    };
    socket.on(EVENTS.newMessage, onMessage);
    socket.on(EVENTS.conversationDeleted, onDeleted);
    const stopRefresh = onAdminBroadcasts([], () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
      const open = openRef.current;
      if (open) void queryClient.invalidateQueries({ queryKey: threadKey(open) });
    });
    return () => {
      socket.off(EVENTS.newMessage, onMessage);
      socket.off(EVENTS.conversationDeleted, onDeleted);
      stopRefresh();
    };
  }, [queryClient]);

  useJoinListed(listedIds);
}

/** Emits join once per listed conversation and connection (again after a reconnection). */
function useJoinListed(listedIds: readonly string[]): void {
  const joined = useRef(new Set<string>());
  useEffect(() => {
    const socket = connectSocket();
    const reset = () => joined.current.clear();
    socket.on('connect', reset);
    return () => {
      socket.off('connect', reset);
    };
  }, []);
  useEffect(() => {
    const socket = connectSocket();
    const join = () => {
      if (!socket.connected) return;
      for (const id of listedIds) {
        if (joined.current.has(id)) continue;
        joined.current.add(id);
        socket.emit(EVENTS.join, id);
      }
    };
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [listedIds]);
}
