import {
  CUSTOMER_PATHS,
  type CustomerProduct,
  customerBundleListResponseSchema,
  customerConversationResponseSchema,
  customerDiscountPath,
  customerDiscountResponseSchema,
  customerOrderListResponseSchema,
  customerProductListResponseSchema,
  customerProductPath,
  customerProductResponseSchema,
  customerSessionResponseSchema,
  customerWishlistItemPath,
  customerWishlistResponseSchema,
  EVENTS,
  messageResponseSchema,
  messageSchema,
  PAYMENT_METHODS,
  type PlaceOrderRequest,
  placeOrderResponseSchema,
  sentMessageResponseSchema,
} from '@backroom/contract';
import { io, type Socket } from 'socket.io-client';
import { FIRST_NAMES, LAST_NAMES, PLACES, STREETS } from '../../apps/api/src/demo/people';
import type { Random } from '../../apps/api/src/demo/random';
import type { ShopClient } from './client';
import type { Recorder } from './recorder';

/** Every simulated account's e-mail ends with this: easy to find (and remove) afterwards. */
export const SIMULATOR_DOMAIN = 'simulator.backroom.test';

const QUESTIONS = [
  'Hi! Is the {product} still in stock?',
  'When will my order ship?',
  'Can I change the address of my order?',
  'Does the {product} come gift-wrapped?',
  'Do you ship to Canada?',
  'Is there a bigger size of the {product}?',
  'My discount code did not work, can you help?',
  'How long does delivery take?',
] as const;

const FOLLOW_UPS = ['Thanks!', 'Great, thank you.', 'Ok, and how much is shipping?', 'Perfect.'] as const;

export interface CustomerContext {
  client: ShopClient;
  recorder: Recorder;
  rnd: Random;
  /** When the shop closes (performance.now() time): no new step starts after it. */
  deadline: number;
  /** How long this customer stays, in ms: their steps are spread over it (cut short by the deadline). */
  visitMs: number;
  /** false: every step right after the last, no pauses, no deadline (options.allAtOnce). */
  paced: boolean;
  /** Codes believed usable by anybody (the admin's active list, or --codes). */
  codes: readonly string[];
  /** A per-run tag, so e-mails are unique however often the simulator runs. */
  runId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * One customer's visit: arrives at `arriveAt` and stays about `visitMs`, registers, browses and searches, views a few
 * products, wishlists some, maybe chats (hearing the shop's replies on their socket) and orders
 * (sometimes with a code, sometimes a bundle), then looks at their orders. Steps are spread over
 * the time left, each after a random pause, so a crowd of them looks like a shop's afternoon.
 * Answers the customer's socket, still open, when they chatted.
 */
export async function playCustomer(ctx: CustomerContext, index: number, arriveAt: number): Promise<Socket | undefined> {
  const { client, recorder, rnd } = ctx;
  await sleep(arriveAt - performance.now());
  if (performance.now() >= ctx.deadline) return undefined;

  const first = rnd.pick(FIRST_NAMES);
  const last = rnd.pick(LAST_NAMES);
  const email = `sim-${ctx.runId}-${index}@${SIMULATOR_DOMAIN}`;
  const password = `sim ${ctx.runId} ${index} ${rnd.int(100000, 999999)} shop`;
  const registered = await client.call(customerSessionResponseSchema, CUSTOMER_PATHS.register, {
    body: { name: `${first} ${last}`, email, password },
  });
  if (!registered.ok) return undefined;
  recorder.counts.customers += 1;
  let token = registered.data.token;

  const chatty = rnd.chance(0.5);
  const ordering = rnd.chance(0.75);
  const seen: CustomerProduct[] = [];
  const wished: string[] = [];
  let socket: Socket | undefined;

  // The visit, one step at a time; each step may be skipped by chance.
  const steps: (() => Promise<void>)[] = [
    async () => {
      const page = await client.call(customerProductListResponseSchema, `${CUSTOMER_PATHS.products}?page=1`, { token });
      if (!page.ok) return;
      recorder.counts.productPages += 1;
      seen.push(...page.data.products);
    },
    async () => {
      // A word of a product seen, as a customer types it.
      const word = seen.length > 0 ? (rnd.pick(seen).name.split(/\s+/)[0] ?? 'figure') : 'figure';
      const found = await client.call(
        customerProductListResponseSchema,
        `${CUSTOMER_PATHS.products}?q=${encodeURIComponent(word.toLowerCase())}&pageSize=12`,
        { token },
      );
      if (!found.ok) return;
      recorder.counts.searches += 1;
      seen.push(...found.data.products);
    },
    async () => {
      if (!rnd.chance(0.5)) return;
      const page = await client.call(
        customerProductListResponseSchema,
        `${CUSTOMER_PATHS.products}?page=${rnd.int(2, 4)}`,
        { token },
      );
      if (!page.ok) return;
      recorder.counts.productPages += 1;
      seen.push(...page.data.products);
    },
    async () => {
      for (let i = rnd.int(1, 3); i > 0 && seen.length > 0; i--) {
        const viewed = await client.call(customerProductResponseSchema, customerProductPath(rnd.pick(seen)._id), {
          token,
        });
        if (viewed.ok) recorder.counts.productsViewed += 1;
      }
    },
    async () => {
      for (let i = rnd.int(0, 3); i > 0 && seen.length > 0; i--) {
        const productId = rnd.pick(seen)._id;
        const added = await client.call(customerWishlistResponseSchema, CUSTOMER_PATHS.wishlist, {
          token,
          body: { productId },
        });
        if (added.ok) {
          recorder.counts.wishlisted += 1;
          wished.push(productId);
        }
      }
    },
    async () => {
      if (!chatty) return;
      const mine = await client.call(customerConversationResponseSchema, CUSTOMER_PATHS.conversation, { token });
      if (!mine.ok) return;
      socket = await listenForReplies(client.base, token, mine.data.conversation._id, recorder);
      // Only a customer who hears the replies asks: every reply sent must reach its customer.
      if (!socket) return;
      const product = seen.length > 0 ? rnd.pick(seen).name : 'Batman figure';
      await sendMessage(ctx, token, rnd.pick(QUESTIONS).replace('{product}', product));
    },
    async () => {
      const productId = wished[0];
      if (!productId || !rnd.chance(0.3)) return;
      const removed = await client.call(customerWishlistResponseSchema, customerWishlistItemPath(productId), {
        token,
        method: 'DELETE',
      });
      if (removed.ok) recorder.counts.unwishlisted += 1;
    },
    async () => {
      if (ordering) await placeOrder(ctx, token, seen, { first, last, email });
    },
    async () => {
      await client.call(customerOrderListResponseSchema, CUSTOMER_PATHS.orders, { token });
    },
    async () => {
      if (chatty && socket && rnd.chance(0.6)) await sendMessage(ctx, token, rnd.pick(FOLLOW_UPS));
    },
    async () => {
      // Some sign out and back in (the login limits release a successful login). Not one waiting
      // for a reply: a logout closes the session's sockets (decision 020), and the reply would be lost.
      if (socket || !rnd.chance(0.2)) return;
      await client.call(messageResponseSchema, CUSTOMER_PATHS.logout, { token, method: 'POST' });
      const again = await client.call(customerSessionResponseSchema, CUSTOMER_PATHS.login, {
        body: { email, password },
      });
      if (!again.ok) return;
      recorder.counts.logins += 1;
      token = again.data.token;
    },
    async () => {
      await client.call(customerWishlistResponseSchema, CUSTOMER_PATHS.wishlist, { token });
    },
  ];

  const leaves = Math.min(ctx.deadline, performance.now() + ctx.visitMs);
  for (let i = 0; i < steps.length; i++) {
    if (ctx.paced) {
      const left = leaves - performance.now();
      if (left <= 0) break;
      await sleep((left / (steps.length - i + 1)) * (0.5 + rnd.next()));
      if (performance.now() >= ctx.deadline) break;
    }
    await steps[i]?.();
  }
  // Still on the page: the caller closes the socket once the last replies are out.
  return socket;
}

async function sendMessage(ctx: CustomerContext, token: string, body: string): Promise<void> {
  const sent = await ctx.client.call(sentMessageResponseSchema, CUSTOMER_PATHS.messages, { token, body: { body } });
  if (sent.ok) ctx.recorder.counts.messagesSent += 1;
}

/** The customer's socket, in their conversation's room: each admin message heard is a reply received. */
async function listenForReplies(
  base: string,
  token: string,
  conversationId: string,
  recorder: Recorder,
): Promise<Socket | undefined> {
  const socket = io(base, { auth: { token }, transports: ['websocket'] });
  socket.on(EVENTS.newMessage, (payload: unknown) => {
    const message = messageSchema.safeParse(payload);
    if (message.success && message.data.isAdmin) recorder.counts.repliesReceived += 1;
  });
  try {
    await socket.timeout(10_000).emitWithAck(EVENTS.join, conversationId);
    return socket;
  } catch (error) {
    recorder.call(0, 'network', 'socket join', error instanceof Error ? error.message : String(error));
    socket.disconnect();
    return undefined;
  }
}

/**
 * An order: a bundle now and then when the shop has any, else 1 to 3 products in stock (a colour
 * and a size when the product has them), with a code checked first now and then.
 */
async function placeOrder(
  ctx: CustomerContext,
  token: string,
  seen: readonly CustomerProduct[],
  who: { first: string; last: string; email: string },
): Promise<void> {
  const { client, recorder, rnd } = ctx;
  const body: PlaceOrderRequest = {
    items: [],
    address: {
      firstName: who.first,
      lastName: who.last,
      email: who.email,
      phone: `+1 555 ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`,
      street: `${rnd.int(1, 999)} ${rnd.pick(STREETS)}`,
      ...pickPlace(rnd),
    },
    paymentMethod: rnd.pick(PAYMENT_METHODS),
  };
  if (rnd.chance(0.25)) {
    const bundles = await client.call(customerBundleListResponseSchema, CUSTOMER_PATHS.bundles, { token });
    if (bundles.ok && bundles.data.bundles.length > 0) body.bundleId = rnd.pick(bundles.data.bundles)._id;
    else if (bundles.ok) recorder.counts.noBundleOnSale += 1;
  }
  if (!body.bundleId) {
    // What the storefront's button allows: in stock and on sale.
    const available = seen.filter(
      (p) => !p.outOfStock && !p.tags.includes('notAvailableYet') && !p.tags.includes('comingSoon'),
    );
    if (available.length === 0) return;
    const chosen = new Set<CustomerProduct>();
    for (let i = rnd.int(1, 3); i > 0; i--) chosen.add(rnd.pick(available));
    body.items = [...chosen].map((p) => {
      const colors = p.colors.filter((c) => !c.outOfStock);
      return {
        productId: p._id,
        quantity: rnd.chance(0.8) ? 1 : rnd.int(2, 3),
        color: colors.length > 0 ? rnd.pick(colors).color : undefined,
        size: p.sizes.length > 0 ? rnd.pick(p.sizes) : undefined,
      };
    });
  }
  if (ctx.codes.length > 0 && rnd.chance(0.3)) {
    const code = rnd.pick(ctx.codes);
    const check = await client.call(customerDiscountResponseSchema, customerDiscountPath(code), { token });
    if (check.ok) body.discountCode = code;
  }
  const placed = await client.call(placeOrderResponseSchema, CUSTOMER_PATHS.orders, { token, body });
  if (!placed.ok) {
    recorder.counts.ordersRefused += 1;
    return;
  }
  recorder.counts.ordersPlaced += 1;
  // Placed with a code: the server redeemed it in the order's transaction (or would have refused the order).
  if (body.discountCode) recorder.counts.codesUsed += 1;
  if (body.bundleId) recorder.counts.bundlesBought += 1;
}

function pickPlace(rnd: Random) {
  const place = rnd.pick(PLACES);
  return { city: place.city, state: place.state, zipcode: place.zipcode, country: place.country };
}
