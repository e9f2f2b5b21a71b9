import { EVENTS } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useEffect, useReducer } from 'react';
import { connectSocket } from '../../../lib/socket';
import { broadcastCount, nextUnreadCount, sentByAdmin } from '../unread-count';
import { unreadQueryOptions } from '../unread-query';

/** The detail of the browser-wide adminUnreadUpdated event (spec 1 section 4). */
export interface AdminUnreadUpdatedDetail {
  count: number;
}

const UnreadCountContext = createContext(0);

/**
 * Holds the unread count (spec 1 section 4): set by the initial fetch, replaced by an
 * adminUnreadUpdated window event, one more for each customer's realtime newMessage. The server's
 * adminUnreadUpdated socket event (an admin opened a conversation, here or on another instance) is
 * passed on as that window event, so every part of the app that listens hears the same count.
 */
export function UnreadCountProvider({ children }: { children: ReactNode }) {
  const [count, dispatch] = useReducer(nextUnreadCount, 0);
  const { data } = useQuery(unreadQueryOptions());

  useEffect(() => {
    if (data) dispatch({ kind: 'fetched', count: data.unread });
  }, [data]);

  useEffect(() => {
    const onUpdated = (event: Event) => {
      const detail = (event as CustomEvent<Partial<AdminUnreadUpdatedDetail> | null>).detail;
      dispatch({ kind: 'broadcast', count: Number(detail?.count) });
    };
    window.addEventListener(EVENTS.adminUnreadUpdated, onUpdated);
    return () => window.removeEventListener(EVENTS.adminUnreadUpdated, onUpdated);
  }, []);

  useEffect(() => {
    const socket = connectSocket();
    const onMessage = (payload: unknown) => {
      const isAdmin = sentByAdmin(payload);
      if (isAdmin !== undefined) dispatch({ kind: 'newMessage', isAdmin });
    };
    const onUnreadUpdated = (payload: unknown) => {
      const count = broadcastCount(payload);
      if (count === undefined) return;
      const detail: AdminUnreadUpdatedDetail = { count };
      window.dispatchEvent(new CustomEvent(EVENTS.adminUnreadUpdated, { detail }));
    };
    socket.on(EVENTS.newMessage, onMessage);
    socket.on(EVENTS.adminUnreadUpdated, onUnreadUpdated);
    return () => {
      socket.off(EVENTS.newMessage, onMessage);
      socket.off(EVENTS.adminUnreadUpdated, onUnreadUpdated);
    };
  }, []);

  return <UnreadCountContext value={count}>{children}</UnreadCountContext>;
}

export function useUnreadCount(): number {
  return use(UnreadCountContext);
}
