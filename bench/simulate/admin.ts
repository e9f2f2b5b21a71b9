import {
  API_PATHS,
  DISCOUNT_LIMITS,
  discountListResponseSchema,
  EVENTS,
  loginResponseSchema,
  messageSchema,
  sentMessageResponseSchema,
} from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import type { Random } from '../../apps/api/src/demo/random';
import type { ShopClient } from './client';
import type { Recorder } from './recorder';

const REPLIES = [
  'Thanks for your message! Let me check that for you.',
  'Yes, it is in stock and ships tomorrow.',
  'Sure, done. Anything else?',
  'Delivery takes 3 to 5 working days.',
] as const;

/** Signs the admin in; undefined (and a note) when the login is refused. */
export async function adminLogin(
  client: ShopClient,
  admin: { email: string; password: string },
  log: (line: string) => void,
): Promise<string | undefined> {
  const login = await client.call(loginResponseSchema, API_PATHS.login, { body: admin });
  if (login.ok) return login.data.token;
  log(`The admin login was refused (${login.status} ${login.message}): no discount codes from the list, no replies.`);
  return undefined;
}

/** The codes any customer may use today: active (the server says so) and reserved for nobody. */
export async function codesForEverybody(client: ShopClient, token: string): Promise<string[]> {
  const list = await client.call(
    discountListResponseSchema,
    `${API_PATHS.discountList}?status=active&page=1&pageSize=${DISCOUNT_LIMITS.maxPageSize}`,
    { token },
  );
  if (!list.ok) return [];
  return list.data.discounts.filter((d) => d.assignedTo === null).map((d) => d.code);
}

export interface Replier {
  /** Waits for the replies under way, then closes the admin's socket. */
  close(): Promise<void>;
}

/**
 * The admin answering about half of the customers' messages, 1 to 3 seconds after each arrives
 * on the admin's socket (which hears every conversation once it joined the admins' room).
 */
export async function startReplier(options: {
  base: string;
  token: string;
  client: ShopClient;
  recorder: Recorder;
  rnd: Random;
}): Promise<Replier> {
  const { base, token, client, recorder, rnd } = options;
  const socket: Socket = io(base, { auth: { token }, transports: ['websocket'] });
  const pending = new Set<Promise<void>>();
  socket.on(EVENTS.newMessage, (payload: unknown) => {
    const message = messageSchema.safeParse(payload);
    if (!message.success || message.data.isAdmin || !rnd.chance(0.5)) return;
    const reply = (async () => {
      await new Promise((resolve) => setTimeout(resolve, rnd.int(1000, 3000)));
      const sent = await client.call(sentMessageResponseSchema, API_PATHS.adminMessage, {
        token,
        body: { conversationId: message.data.conversation, body: rnd.pick(REPLIES) },
      });
      if (sent.ok) recorder.counts.repliesSent += 1;
    })();
    pending.add(reply);
    void reply.finally(() => pending.delete(reply));
  });
  await socket.timeout(10_000).emitWithAck(EVENTS.joinAdminGlobal);
  return {
    async close() {
      await Promise.all(pending);
      socket.disconnect();
    },
  };
}
