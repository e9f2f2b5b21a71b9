/** How many pages `total` rows fill at `pageSize` a page: at least 1, so page 1 always exists. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
