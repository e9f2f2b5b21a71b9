/** The words the bulk screens use, e.g. nouns: { one: 'order', many: 'orders' }. */
export interface BulkNoun {
  one: string;
  many: string;
}

/** 1,234 as the screens write counts. */
export const formatCount = (value: number): string => value.toLocaleString('en-US');

/** '1 order', '1,234 orders'. */
export const countOf = (count: number, noun: BulkNoun): string =>
  `${formatCount(count)} ${count === 1 ? noun.one : noun.many}`;
