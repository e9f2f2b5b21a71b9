import { describe, expect, it } from 'vitest';
import {
  booleanCell,
  csvRow,
  dateCell,
  dollarsCell,
  exportFileName,
  listCell,
  moneyCell,
  neutraliseCell,
  PRODUCT_CSV_COLUMNS,
  restoreCell,
  textCell,
} from './csv-cells';

describe('neutraliseCell', () => {
  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    expect(neutraliseCell('=HYPERLINK("http://x.test","click")')).toBe('\'=HYPERLINK("http://x.test","click")');
    expect(neutraliseCell('+1')).toBe("'+1");
    expect(neutraliseCell('-2')).toBe("'-2");
    expect(neutraliseCell('@x')).toBe("'@x");
    expect(neutraliseCell('\t=1')).toBe("'\t=1");
    expect(neutraliseCell('\r=1')).toBe("'\r=1");
  });

  it('leaves every other text as it is', () => {
    for (const text of ['', 'Plain', ' =1', 'a=b', '1+1', "'quoted'", 'e-mail', '\n=1', '"=1"']) {
      expect(neutraliseCell(text)).toBe(text);
    }
  });

  it('counts leading apostrophes, so that restoreCell gives back exactly the text', () => {
    expect(neutraliseCell("'=1")).toBe("''=1");
    expect(neutraliseCell("''-x")).toBe("'''-x");
    const texts = ['=1', "'=1", "''=1", "'", "'a", 'a', '', '@', "'@", '-', '+', '\t', "'\r", 'x=1', "'x"];
    for (const text of texts) expect(restoreCell(neutraliseCell(text))).toBe(text);
  });

  it('restoreCell leaves a cell that was not neutralised as it is', () => {
    expect(restoreCell("'hello")).toBe("'hello");
    expect(restoreCell("'")).toBe("'");
    expect(restoreCell('=1')).toBe('=1');
  });
});

describe('cells', () => {
  it('writes money from cents with two decimals, exactly', () => {
    expect(moneyCell(0)).toBe('0.00');
    expect(moneyCell(5)).toBe('0.05');
    expect(moneyCell(1250)).toBe('12.50');
    expect(moneyCell(123_456_789)).toBe('1234567.89');
    expect(moneyCell(-5)).toBe('-0.05');
    expect(moneyCell(-0)).toBe('0.00');
    expect(dollarsCell(19.99)).toBe('19.99');
    expect(dollarsCell(0.1 + 0.2)).toBe('0.30');
  });

  it('writes text, booleans, dates and lists', () => {
    expect(textCell(null)).toBe('');
    expect(textCell(undefined)).toBe('');
    expect(textCell('-x')).toBe("'-x");
    expect(booleanCell(true)).toBe('true');
    expect(booleanCell(false)).toBe('false');
    expect(dateCell(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678Z');
    expect(dateCell(null)).toBe('');
    expect(listCell(['S', 'M', 'L'])).toBe('S|M|L');
    expect(listCell([])).toBe('');
    expect(listCell(['-1', 'x'])).toBe("'-1|x");
  });

  it('puts a record in the columns order, empty where it has no value', () => {
    expect(csvRow(['a', 'b', 'c'] as const, { c: '3', a: '1' })).toEqual(['1', '', '3']);
  });

  it('names the product columns once each, with every status flag', () => {
    expect(new Set(PRODUCT_CSV_COLUMNS).size).toBe(PRODUCT_CSV_COLUMNS.length);
    expect(PRODUCT_CSV_COLUMNS).toContain('vaulted');
    expect(PRODUCT_CSV_COLUMNS[0]).toBe('id');
  });

  it('dates the file name by the UTC day', () => {
    expect(exportFileName('orders', new Date('2026-11-24T23:59:59Z'))).toBe('orders-2026-11-24.csv');
  });
});
