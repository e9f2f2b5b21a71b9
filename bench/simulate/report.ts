import type { SimulationResult } from './run';

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** What the simulated customers did, for the terminal. */
export function simulationReport(result: SimulationResult): string[] {
  const { counts: c, calls, errors, failures, refusals, latency, shopLatency, seconds } = result.snapshot;
  const ms = (l: { p50: number; p99: number; max: number }) =>
    `p50 ${fmt(l.p50, 1)} ms, p99 ${fmt(l.p99, 1)} ms, max ${fmt(l.max, 1)} ms`;
  const errorText = Object.entries(errors)
    .map(([status, n]) => `${status} x${fmt(n)}`)
    .join(', ');
  return [
    `Simulated shop, ${fmt(seconds, 1)} s:`,
    `  customers registered   ${fmt(c.customers)} (${fmt(c.logins)} signed out and back in)`,
    `  product pages          ${fmt(c.productPages)}, searches ${fmt(c.searches)}, products viewed ${fmt(c.productsViewed)}`,
    `  wishlist               ${fmt(c.wishlisted)} added, ${fmt(c.unwishlisted)} removed`,
    `  orders placed          ${fmt(c.ordersPlaced)} (${fmt((c.ordersPlaced / seconds) * 60, 1)} a minute), ${fmt(c.ordersRefused)} refused`,
    `  codes used             ${fmt(c.codesUsed)} (${result.codes.length > 0 ? `of ${fmt(result.codes.length)} usable codes` : 'no codes known: give --admin-email/--admin-password or --codes'})`,
    `  bundles bought         ${fmt(c.bundlesBought)}${c.noBundleOnSale > 0 ? ` (${fmt(c.noBundleOnSale)} times none was on sale)` : ''}`,
    `  messages sent          ${fmt(c.messagesSent)}, replies sent ${fmt(c.repliesSent)}, replies received ${fmt(c.repliesReceived)}`,
    `  calls                  ${fmt(calls)}: ${ms(latency)}`,
    `    register/login aside ${ms(shopLatency)} (password hashing is slow on purpose)`,
    `  errors                 ${errorText || 'none'}`,
    ...refusals.slice(0, 6).map(([why, n]) => `    ${why} x${fmt(n)}`),
    ...failures.map((f) => `    ${f}`),
    result.fatal ? 'FAILED: the server answered 5xx or did not answer.' : 'No 5xx.',
  ];
}
