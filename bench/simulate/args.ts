import { parseArgs } from 'node:util';

export interface SimulateOptions {
  /** The running Backroom, e.g. http://localhost:3000. */
  url: string;
  customers: number;
  /** How long the shop is played; customers arrive over its first half. */
  seconds: number;
  /** An admin's login: active codes for everybody are read from the Discounts list, and replies sent with --replies. */
  admin: { email: string; password: string } | undefined;
  /** Codes to try besides (or without) the admin's list; each is checked with GET /api/customer/discounts/{code}. */
  codes: string[];
  /** The admin answers about half of the customers' messages, a few seconds later (needs the admin's login). */
  replies: boolean;
  /** The random choices' seed: the same seed plays the same customers (e-mails aside, which are unique per run). */
  seed: number;
  /**
   * Every customer arrives at once and plays their whole visit, each step right after the last,
   * with no deadline (`seconds` unused): a count-based run, what it does depends on the seed, not
   * on the machine's speed (the simulator's test). Not on the command line.
   */
  allAtOnce?: boolean;
}

export const USAGE = `Usage: npm run simulate -- --url http://localhost:3000 [--customers 50] [--minutes 2]
  [--admin-email EMAIL --admin-password PASSWORD] [--codes CODE1,CODE2] [--replies] [--seed N]

Plays customers against a running Backroom: they register, browse and search the products, wishlist
some, order (some with a discount code, some a bundle) and chat, paced over the time given.
--admin-email/--admin-password (or ADMIN_EMAIL/ADMIN_PASSWORD) let it read the active codes and,
with --replies, answer about half of the messages as that admin. Exits 1 on any 5xx or network error.`;

const positive = (name: string, text: string | undefined, fallback: number): number => {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name}: must be a number above 0, not '${text}'`);
  return value;
};

/** The command line (and ADMIN_EMAIL/ADMIN_PASSWORD from the environment) as options; a bad value throws, naming it. */
export function parseSimulateArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): SimulateOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      customers: { type: 'string' },
      minutes: { type: 'string' },
      seconds: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      codes: { type: 'string' },
      replies: { type: 'boolean' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  if (!values.url) throw new Error(`--url: is required (where Backroom runs)\n\n${USAGE}`);
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new Error(`--url: must be a URL such as http://localhost:3000, not '${values.url}'`);
  }
  const customers = Math.round(positive('customers', values.customers, 50));
  const seconds =
    values.seconds !== undefined
      ? positive('seconds', values.seconds, 120)
      : positive('minutes', values.minutes, 2) * 60;
  const email = values['admin-email'] ?? env.ADMIN_EMAIL;
  const password = values['admin-password'] ?? env.ADMIN_PASSWORD;
  if (values.replies && !(email && password)) {
    throw new Error(
      '--replies: needs an admin login (--admin-email and --admin-password, or ADMIN_EMAIL/ADMIN_PASSWORD)',
    );
  }
  return {
    url: url.origin,
    customers,
    seconds,
    admin: email && password ? { email, password } : undefined,
    codes: (values.codes ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    replies: values.replies ?? false,
    seed: values.seed !== undefined ? Math.round(positive('seed', values.seed, 1)) : Date.now() % 2 ** 31,
  };
}
