import type { Message } from '@backroom/contract';
import { useCallback, useLayoutEffect, useRef } from 'react';

/** How close to the bottom still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 80;

/**
 * Where the thread is scrolled: at the bottom when it opens; following new messages while the admin
 * is at the bottom (or when the newest is their own); and, when an older page is added above,
 * keeping the messages that were on screen where they were.
 */
export function useThreadScroll(messages: readonly Message[]) {
  const ref = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  /** Distance from the bottom to keep once older messages arrive; null when none were asked for. */
  const keptFromBottom = useRef<number | null>(null);
  const shown = useRef<{ first: string | undefined; last: string | undefined }>({ first: undefined, last: undefined });

  const first = messages[0]?._id;
  const newest = messages.at(-1);
  const last = newest?._id;
  const lastIsAdmin = newest?.isAdmin ?? false;

  useLayoutEffect(() => {
    const el = ref.current;
    const before = shown.current;
    shown.current = { first, last };
    if (!el) return;
    if (keptFromBottom.current !== null && first !== before.first) {
      el.scrollTop = el.scrollHeight - keptFromBottom.current;
      keptFromBottom.current = null;
    } else if (last !== before.last && (before.last === undefined || nearBottom.current || lastIsAdmin)) {
      el.scrollTop = el.scrollHeight;
      nearBottom.current = true;
    }
  }, [first, last, lastIsAdmin]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (el) nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  }, []);

  /** Call before asking for older messages. */
  const keepPosition = useCallback(() => {
    const el = ref.current;
    if (el) keptFromBottom.current = el.scrollHeight - el.scrollTop;
  }, []);

  return { ref, onScroll, keepPosition };
}
