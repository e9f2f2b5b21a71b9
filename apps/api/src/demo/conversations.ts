import { newObjectId } from '@backroom/contract';
import type { Db } from '../db/client';
import { conversations, messages } from '../db/schema';
import type { Random } from './random';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The longest demo thread: long enough for 'Load older messages' to matter in a bigger shop. */
export const DEMO_THREAD_MAX = 40;

type Line = readonly ['customer' | 'admin', string];

const FIGURES = [
  'Spider-Man',
  'Batman',
  'Wonder Woman',
  'Goku',
  'Naruto',
  'Darth Vader',
  'Iron Man',
  'Pikachu',
  'Sailor Moon',
  'Master Chief',
] as const;
const FIDGETS = ['magnetic fidget set', 'infinity cube', 'stress ball', 'fidget spinner', 'pop-it board'] as const;

/**
 * What customers of a figures and fidget toys shop write about, and how the staff answer. {figure}
 * and {fidget} are filled per conversation; a thread is one or more topics, weeks apart.
 */
const TOPICS: readonly (readonly Line[])[] = [
  [
    ['customer', 'Hi! When will the {figure} figure be back in stock?'],
    ['admin', 'Hi! We expect the next delivery of {figure} in about ten days.'],
    ['customer', 'Great, could you let me know when it arrives?'],
    ['admin', 'Of course, I have made a note to write to you here as soon as it is in.'],
    ['customer', 'Thank you!'],
    ['admin', 'Good news: {figure} is back in stock today.'],
    ['customer', 'Ordered, thanks for the heads-up!'],
  ],
  [
    ['customer', 'Can I change the shipping address of my last order?'],
    ['admin', 'Sure, it has not shipped yet. What is the new address?'],
    ['customer', '42 Cedar Lane, Portland OR 97205.'],
    ['admin', 'Done, the order will go to 42 Cedar Lane. Anything else?'],
    ['customer', 'No, that is all. Thanks a lot.'],
  ],
  [
    ['customer', 'Does the {fidget} come with a case?'],
    ['admin', 'Yes, a small zip case comes in the box.'],
    ['customer', 'Perfect, it is a gift for my nephew.'],
    ['admin', 'Lovely! We can add a gift note if you write it in the order address.'],
  ],
  [
    ['customer', 'My parcel says delivered but I cannot find it.'],
    ['admin', 'Sorry to hear that. Could you check with your neighbours or building reception?'],
    ['customer', 'I did, nobody has it.'],
    ['admin', 'I have opened a claim with the carrier. It usually takes 2 to 3 working days.'],
    ['customer', 'Any news on the claim?'],
    ['admin', 'The carrier could not find it, so we are sending a replacement today.'],
    ['customer', 'Great service, thank you!'],
  ],
  [
    ['customer', 'Do you ship to Canada?'],
    ['admin', 'Yes, we ship worldwide; Canada usually takes 5 to 7 days.'],
    ['customer', 'Are there customs fees?'],
    ['admin', 'Orders under $150 rarely are charged any, but it depends on the carrier at the border.'],
  ],
  [
    ['customer', 'Is the limited edition {figure} still available for pre-order?'],
    ['admin', 'It is, a few pieces are left. Pre-orders ship on release day.'],
    ['customer', 'Will I be charged now or when it ships?'],
    ['admin', 'Now, and if the release is cancelled you get a full refund.'],
    ['customer', 'Ok, just placed the pre-order.'],
  ],
  [
    ['customer', 'Hello, I received the wrong colour of {fidget}. I ordered blue and got red.'],
    ['admin', 'Sorry about that! A blue one is on its way, and you can keep the red one.'],
    ['customer', 'Oh, that is kind, thanks.'],
  ],
  [
    ['customer', 'Could you combine my two orders into one shipment?'],
    ['admin', 'Yes, both are still being packed. They will leave together tomorrow.'],
    ['customer', 'Will I get part of the shipping back?'],
    ['admin', 'Yes, the second shipping fee will be refunded to your card within a few days.'],
    ['customer', 'Thanks!'],
  ],
  [
    ['customer', 'The discount code from my last order says it is not valid.'],
    ['admin', 'Let me check… that code could be used once and was already used in October.'],
    ['customer', 'Oh, I forgot. Never mind then.'],
    ['admin', 'No problem! We send new codes with the newsletter every month.'],
  ],
  [
    ['customer', 'Where is my order? It has been a week.'],
    ['admin', 'It was shipped on Monday; the tracking number is on the order. It should arrive tomorrow.'],
    ['customer', 'Got it, thank you.'],
  ],
  [
    ['customer', 'How tall is the {figure} figure? The page does not say.'],
    ['admin', 'About 18 cm with the base, 1/10 scale.'],
    ['customer', 'And does it come with extra hands?'],
    ['admin', 'Yes, two extra pairs of hands and a spare head.'],
    ['customer', 'Sold! Thanks.'],
  ],
  [
    ['customer', 'The {figure} arrived with a broken arm. Can I return it?'],
    ['admin', 'So sorry! Please send a photo of the figure and the box here.'],
    ['customer', 'I cannot attach photos in this chat.'],
    ['admin', 'No worries, we trust you. A new {figure} ships today, no need to send the broken one back.'],
    ['customer', 'Wow, thank you so much.'],
  ],
  [
    ['customer', 'Do you have any fidget toys that are quiet? For school.'],
    ['admin', 'The {fidget} is silent, teachers seem to like it.'],
    ['customer', 'Is it ok for a 6 year old?'],
    ['admin', 'It is for ages 6 and up, no small parts.'],
  ],
  [
    ['customer', 'Can you gift-wrap an order?'],
    ['admin', 'Yes! Write "gift wrap" in the address and we will wrap it at no charge.'],
    ['customer', 'Great, doing that now.'],
  ],
];

export interface DemoChatSummary {
  conversations: number;
  messages: number;
}

/**
 * Demo conversations for the Messages screen (spec 2): about three in ten customers have one (at
 * most one each, as the storefront starts it), of 1 to DEMO_THREAD_MAX messages made of the
 * topics above, some unread (the customer spoke last and nobody has looked yet), and one from
 * a customer who gave no name ('Unnamed User'). Deterministic for the generator's seed.
 */
export async function generateDemoConversations(
  db: Db,
  options: {
    rnd: Random;
    now: Date;
    customers: readonly { id: string; name: string }[];
    admins: readonly { id: string }[];
  },
): Promise<DemoChatSummary> {
  const { rnd, now, customers, admins } = options;
  const chatting = customers.filter(() => rnd.chance(0.3));
  const conversationRows: (typeof conversations.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  chatting.forEach((customer, index) => {
    // The first is surely unread and the second unnamed, so a small shop shows both.
    const thread = makeThread(rnd, now, threadLength(rnd), index === 0);
    const first = thread[0];
    const last = thread.at(-1);
    if (!first || !last) return;
    const conversationId = newObjectId(first.at);
    const admin = admins.length > 0 ? rnd.pick(admins) : undefined;
    for (const line of thread) {
      messageRows.push({
        id: newObjectId(line.at),
        conversationId,
        senderId: line.isAdmin ? (admin?.id ?? null) : customer.id,
        body: line.body,
        isAdmin: line.isAdmin,
        createdAt: line.at,
      });
    }
    conversationRows.push({
      id: conversationId,
      userId: customer.id,
      participantName: index === 1 ? '' : customer.name,
      lastMessage: last.body,
      lastMessageAt: last.at,
      adminUnread: !last.isAdmin && (index === 0 || rnd.chance(0.6)),
      createdAt: first.at,
    });
  });
  await db.transaction(async (tx) => {
    for (let start = 0; start < conversationRows.length; start += 2000) {
      await tx.insert(conversations).values(conversationRows.slice(start, start + 2000));
    }
    for (let start = 0; start < messageRows.length; start += 2000) {
      await tx.insert(messages).values(messageRows.slice(start, start + 2000));
    }
  });
  return { conversations: conversationRows.length, messages: messageRows.length };
}

/** Mostly short threads, some of a few exchanges, a few long ones with a regular customer. */
function threadLength(rnd: Random): number {
  const roll = rnd.next();
  if (roll < 0.55) return rnd.int(1, 4);
  if (roll < 0.85) return rnd.int(5, 12);
  return rnd.int(13, DEMO_THREAD_MAX);
}

interface ThreadLine {
  body: string;
  isAdmin: boolean;
  at: Date;
}

/**
 * `length` messages from topics picked at random, each topic a few weeks after the one before,
 * the whole thread ending before `now`. Admins answer within hours, customers within minutes.
 * With `endOnCustomer` a trailing admin message is dropped, so the customer spoke last.
 */
function makeThread(rnd: Random, now: Date, length: number, endOnCustomer: boolean): ThreadLine[] {
  const lines: { body: string; isAdmin: boolean }[] = [];
  const topicStarts = new Set<number>();
  while (lines.length < length) {
    const topic = rnd.pick(TOPICS);
    const figure = rnd.pick(FIGURES);
    const fidget = rnd.pick(FIDGETS);
    topicStarts.add(lines.length);
    for (const [from, text] of topic.slice(0, length - lines.length)) {
      lines.push({
        body: text.replaceAll('{figure}', figure).replaceAll('{fidget}', fidget),
        isAdmin: from === 'admin',
      });
    }
  }
  if (endOnCustomer && lines.length > 1 && lines.at(-1)?.isAdmin) lines.pop();
  // Gaps between messages, then the thread placed so that its last message is 1 to 60 days old.
  const gaps = lines.map((line, i) => {
    if (i === 0) return 0;
    if (topicStarts.has(i)) return rnd.int(7, 30) * DAY + rnd.int(0, DAY);
    return line.isAdmin ? rnd.int(5, 240) * MINUTE : rnd.int(1, 30) * MINUTE;
  });
  const span = gaps.reduce((sum, gap) => sum + gap, 0);
  const end = now.getTime() - rnd.int(1, 60) * DAY + rnd.int(0, DAY / 2);
  let at = end - span;
  return lines.map((line, i) => {
    at += gaps[i] ?? 0;
    return { ...line, at: new Date(at) };
  });
}
