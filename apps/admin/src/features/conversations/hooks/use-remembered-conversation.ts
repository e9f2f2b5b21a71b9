import type { Conversation } from '@backroom/contract';
import { useEffect, useState } from 'react';

/**
 * The open conversation as the list last showed it: a search that leaves it out of the list, or a
 * page not loaded, does not take its name off the open pane.
 */
export function useRememberedConversation(
  listed: Conversation | undefined,
  openId: string | null,
): Conversation | undefined {
  const [remembered, setRemembered] = useState<Conversation | undefined>(listed);
  useEffect(() => {
    if (listed) setRemembered(listed);
  }, [listed]);
  return listed ?? (remembered && remembered._id === openId ? remembered : undefined);
}
