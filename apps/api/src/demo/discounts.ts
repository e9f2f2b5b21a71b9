import {
  createDiscountRequestSchema,
  DISCOUNT_CODE_ALPHABET,
  type Discount,
  makeDiscountCode,
  todayIn,
  updateDiscountRequestSchema,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { redeemDiscount } from '../modules/discounts/redemption';
import { changeDiscount, createDiscount, type DiscountDeps } from '../modules/discounts/service';
import type { Random } from './random';

/**
 * Every demo code starts with this. The server's own codes never do: its alphabet has no O
 * (DISCOUNT_CODE_ALPHABET), so a reset removes exactly the demo's codes.
 */
export const DEMO_CODE_PREFIX = 'DEMO';

const DAY = 86_400_000;

interface Person {
  id: string;
  name: string;
}

/** A calendar day (yyyy-mm-dd) moved by whole days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

interface CodePlan {
  title: (assignee: Person | undefined) => string;
  percentage: number;
  /** Days from today, both ends included, while it is being used. */
  from: number;
  to: number;
  maxUsage: number | null;
  /** How many times customers use it (through the redemption statement). */
  uses: number;
  /** Reserved for the n-th of the picked customers. */
  assignee?: number;
  /** Made later: its days once its uses are in (expired codes were used while they ran). */
  later?: { from: number; to: number };
  inactive?: boolean;
  /** Days ago it was made. */
  madeAgo: number;
}

/** About 15 codes, every status of the Discount Codes screen among them. */
const PLANS: CodePlan[] = [
  { title: () => 'Welcome to the shop', percentage: 10, from: -60, to: 120, maxUsage: null, uses: 9, madeAgo: 61 },
  {
    title: () => 'Black Friday weekend',
    percentage: 25,
    from: -3,
    to: 4,
    maxUsage: 100,
    uses: 37,
    madeAgo: 9,
  },
  {
    title: () => 'Figure Collectors Club members',
    percentage: 15,
    from: -20,
    to: 40,
    maxUsage: 50,
    uses: 12,
    madeAgo: 21,
  },
  { title: () => 'Fidget Friday', percentage: 20, from: -2, to: 12, maxUsage: 25, uses: 3, madeAgo: 3 },
  {
    title: (p) => `Sorry for the late parcel, ${p?.name ?? 'a customer'}`,
    percentage: 30,
    from: -5,
    to: 25,
    maxUsage: 1,
    uses: 0,
    assignee: 0,
    madeAgo: 5,
  },
  {
    title: (p) => `Birthday treat for ${p?.name ?? 'a customer'}`,
    percentage: 20,
    from: -12,
    to: 18,
    maxUsage: 1,
    uses: 1,
    assignee: 1,
    madeAgo: 12,
  },
  {
    title: (p) => `Loyal customer: ${p?.name ?? 'a customer'}`,
    percentage: 15,
    from: -40,
    to: 140,
    maxUsage: null,
    uses: 2,
    assignee: 2,
    madeAgo: 40,
  },
  {
    title: () => 'Holiday decoration sale',
    percentage: 20,
    from: 14,
    to: 45,
    maxUsage: 100,
    uses: 0,
    madeAgo: 2,
  },
  { title: () => 'New Year gadget deals', percentage: 30, from: 38, to: 52, maxUsage: null, uses: 0, madeAgo: 1 },
  {
    title: () => 'Summer clearance',
    percentage: 40,
    from: -1,
    to: 1,
    later: { from: -150, to: -120 },
    maxUsage: 100,
    uses: 64,
    madeAgo: 152,
  },
  {
    title: () => 'Spring fidget launch',
    percentage: 10,
    from: -1,
    to: 1,
    later: { from: -240, to: -210 },
    maxUsage: null,
    uses: 18,
    madeAgo: 241,
  },
  {
    title: () => 'Influencer giveaway',
    percentage: 50,
    from: -15,
    to: 30,
    maxUsage: 10,
    uses: 10,
    madeAgo: 16,
  },
  { title: () => 'Flash sale: one hour only', percentage: 35, from: -1, to: 6, maxUsage: 5, uses: 5, madeAgo: 1 },
  {
    title: () => 'Staff discount (paused)',
    percentage: 25,
    from: -300,
    to: 300,
    maxUsage: null,
    uses: 4,
    inactive: true,
    madeAgo: 300,
  },
  {
    title: () => 'Newsletter sign-up (replaced)',
    percentage: 5,
    from: -90,
    to: 90,
    maxUsage: 50,
    uses: 8,
    inactive: true,
    madeAgo: 90,
  },
];

/**
 * The demo's discount codes: every status (active, scheduled, expired, used up, inactive), some
 * unlimited, three reserved for demo customers. Made by the discounts service, used by customers
 * through the redemption statement (so counts and redemption rows agree), then moved into the past
 * or switched off by the service's update, as an admin would. Codes are 'DEMO' and six characters
 * of the code alphabet, drawn from the demo's seeded generator. Answers the codes made.
 */
export async function generateDemoDiscounts(
  db: Db,
  options: { rnd: Random; now: Date; timeZone: string; customers: readonly (Person & { isActive?: boolean })[] },
): Promise<Discount[]> {
  const { rnd, now, timeZone } = options;
  const deps: DiscountDeps = {
    db,
    realtime: { toAdmins: () => {} },
    timeZone,
    now: () => now,
    makeCode: () => DEMO_CODE_PREFIX + makeDiscountCode((n) => rnd.int(0, n - 1), 6),
  };
  const today = todayIn(timeZone, now);
  const customers = options.customers.filter((c) => c.isActive !== false);
  const assignees = customers.slice(0, 3);
  const made: Discount[] = [];
  for (const plan of PLANS) {
    const assignee = plan.assignee === undefined ? undefined : assignees[plan.assignee];
    const fields = {
      description: plan.title(assignee),
      percentage: plan.percentage,
      startDate: addDays(today, plan.from),
      endDate: addDays(today, plan.to),
      assignedTo: assignee?.id ?? null,
      maxUsage: plan.maxUsage,
    };
    let discount = await createDiscount(deps, createDiscountRequestSchema.parse(fields));
    for (let i = 0; i < plan.uses && customers.length > 0; i += 1) {
      const customerId = assignee?.id ?? rnd.pick(customers).id;
      const used = await redeemDiscount(db, { timeZone, now: deps.now }, { code: discount.code, customerId });
      if (!used.ok) throw new Error(`demo: ${discount.code} refused a use: ${used.message}`);
    }
    if (plan.later || plan.inactive) {
      discount = await changeDiscount(
        deps,
        discount.code,
        updateDiscountRequestSchema.parse({
          ...fields,
          ...(plan.later && { startDate: addDays(today, plan.later.from), endDate: addDays(today, plan.later.to) }),
          isActive: !plan.inactive,
        }),
      );
    }
    // When an admin made it: the list is newest first.
    const madeAt = new Date(now.getTime() - plan.madeAgo * DAY - rnd.int(0, DAY / 2));
    await db.execute(sql`UPDATE discount_codes SET created_at = ${madeAt.toISOString()}::timestamptz,
      updated_at = ${madeAt.toISOString()}::timestamptz WHERE code = ${discount.code}`);
    made.push(discount);
  }
  return made;
}

/** Takes the demo's codes away, with their redemptions; answers how many codes went. */
export async function removeDemoDiscounts(db: Db): Promise<number> {
  if (DISCOUNT_CODE_ALPHABET.includes('O')) throw new Error('the demo code prefix could be a made code');
  const demo = `${DEMO_CODE_PREFIX}%`;
  await db.execute(sql`DELETE FROM discount_redemptions WHERE code LIKE ${demo}`);
  const result = await db.execute(sql`DELETE FROM discount_codes WHERE code LIKE ${demo}`);
  return result.rowCount ?? 0;
}
