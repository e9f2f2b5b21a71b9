import { dollarsToCents, formatDollars, formatMoney, type MonthlyFigure, monthLabel } from '@backroom/contract';

/*
 * How the Dashboard Overview shows the summary's figures. The summary carries dollars (added up
 * in cents by the server); they go back to cents before formatMoney, so no float drift shows.
 */

/** Out-of-stock products the popup cannot list: the full count minus those listed. */
export function unlistedCount(total: number, listed: number): number {
  return Math.max(0, total - listed);
}

/** The chart's figures in words, for screen readers: the period, the sums and the busiest month. */
export function describeMonthlyFigures(monthly: readonly MonthlyFigure[]): string {
  const first = monthly[0];
  const last = monthly[monthly.length - 1];
  if (!first || !last) return 'No monthly figures yet.';
  let orders = 0;
  let revenueCents = 0;
  let busiest = first;
  for (const figure of monthly) {
    orders += figure.orders;
    revenueCents += dollarsToCents(figure.revenue);
    if (figure.orders > busiest.orders) busiest = figure;
  }
  const period =
    first === last ? monthLabel(first.month).long : `${monthLabel(first.month).long} to ${monthLabel(last.month).long}`;
  const sums = `${period}: ${orders} ${orders === 1 ? 'order' : 'orders'}, ${formatMoney(revenueCents)} revenue.`;
  if (orders === 0) return sums;
  return `${sums} Most orders in ${monthLabel(busiest.month).long}: ${busiest.orders}, ${formatDollars(busiest.revenue)}.`;
}
