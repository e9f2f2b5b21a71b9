import { describe, expect, it } from 'vitest';
import {
  countCsvChunk,
  countCsvRecords,
  exportProgressLabel,
  exportProgressPercent,
  finishCsvCount,
  startCsvCount,
} from './csv-progress';

const bytes = (text: string) => new TextEncoder().encode(text);
const BOM = '\uFEFF';

/** The file cut into chunks at the given byte offsets. */
function cut(text: string, at: number[]): Uint8Array[] {
  const all = bytes(text);
  const edges = [0, ...at, all.length];
  return edges.slice(1).map((end, index) => all.slice(edges[index], end));
}

const count = (text: string) => countCsvRecords([bytes(text)]);

describe('countCsvRecords', () => {
  it('counts the records after the header, with or without a last line ending', () => {
    expect(count(`${BOM}id,name\r\n1,a\r\n2,b\r\n`).records).toBe(2);
    expect(count(`${BOM}id,name\r\n1,a\r\n2,b`).records).toBe(2);
    expect(count('id,name\n1,a\n').records).toBe(1);
  });

  it('counts nothing for a header alone or an empty file', () => {
    expect(count(`${BOM}id,name\r\n`).records).toBe(0);
    expect(count('').records).toBe(0);
    expect(count(BOM).records).toBe(0);
  });

  it('does not end a record on a line break inside a quoted cell', () => {
    const text = 'id,description\r\n1,"one\r\ntwo\nthree"\r\n2,"a ""quoted"", text\r\n"\r\n3,plain\r\n';
    expect(count(text).records).toBe(3);
  });

  it('after a CRLF header, takes a bare line feed outside quotes as text, as csv-parse does', () => {
    // csv-stringify with CRLF records leaves 'Poster\nbig' unquoted.
    const text = `${BOM}orderId,name\r\na1,Sticker\r\nb2,"Mug, ""large"""\r\nb2,Poster\nbig\r\n`;
    const counted = count(text);
    expect(counted).toMatchObject({ records: 3, groups: 2 });
    for (let at = 1; at < bytes(text).length; at++) expect(countCsvRecords(cut(text, [at]))).toEqual(counted);
  });

  it('with a LF header, a line feed ends a record', () => {
    expect(count('id\n1\n2').records).toBe(2);
    expect(count('id\n1\r\n2\n').records).toBe(2);
  });

  it('skips blank lines', () => {
    expect(count('id\r\n1\r\n\r\n2\r\n\r\n').records).toBe(2);
  });

  it('gives the same count however the bytes are cut, even inside a doubled quote or a CRLF', () => {
    const text = `${BOM}id,name,note\r\n1,"Zoë ""Z"" Ltd","line\r\nbreak"\r\n2,Ångström,"é,\r\n"\r\n3,x,""\r\n`;
    const size = bytes(text).length;
    const whole = countCsvRecords([bytes(text)]);
    expect(whole.records).toBe(3);
    for (let at = 1; at < size; at++) {
      expect(countCsvRecords(cut(text, [at])).records).toBe(3);
      expect(countCsvRecords(cut(text, [at, Math.min(size - 1, at + 1)]))).toEqual(whole);
    }
    // One byte at a time.
    const single = Array.from(bytes(text), (byte) => new Uint8Array([byte]));
    expect(countCsvRecords(single)).toEqual(whole);
  });

  it('counts runs of records sharing their first cell: the orders of an item export', () => {
    const text =
      'orderId,line,name\r\n' +
      'a1,1,Shirt\r\na1,2,"Hat, blue"\r\na1,3,Sock\r\n' +
      'b2,,\r\n' +
      '"c,3",1,x\r\n"c,3",2,"y\r\nz"\r\n' +
      'a1,1,again\r\n';
    const counted = count(text);
    expect(counted.records).toBe(7);
    expect(counted.groups).toBe(4);
    for (let at = 1; at < bytes(text).length; at++) expect(countCsvRecords(cut(text, [at]))).toEqual(counted);
  });

  it('counts as many groups as records when every first cell differs', () => {
    const counted = count('id,name\r\n1,a\r\n2,a\r\n3,a\r\n');
    expect(counted.groups).toBe(3);
  });

  it('counts only completed records while the file is arriving, and leaves its input state alone', () => {
    const start = startCsvCount();
    const afterOne = countCsvChunk(start, bytes('id,name\r\n1,a\r\n2,"b\r\n'));
    expect(start.records).toBe(0);
    expect(afterOne.records).toBe(1);
    expect(afterOne.inQuotes).toBe(true);
    const afterTwo = countCsvChunk(afterOne, bytes('still b"\r\n3,c'));
    expect(afterTwo.records).toBe(2);
    expect(finishCsvCount(afterTwo).records).toBe(3);
    expect(finishCsvCount(finishCsvCount(afterTwo)).records).toBe(3);
  });
});

describe('export progress', () => {
  it('says how many records of how many', () => {
    expect(exportProgressLabel(12_345, 200_000, 'orders')).toBe('Exporting 12,345 of 200,000 orders');
    expect(exportProgressLabel(0, 3, 'users')).toBe('Exporting 0 of 3 users');
    expect(exportProgressLabel(7, null, 'products')).toBe('Exporting 7 products');
    expect(exportProgressLabel(5, 4, 'orders')).toBe('Exporting 4 of 4 orders');
  });

  it('gives the bar a whole percentage', () => {
    expect(exportProgressPercent(0, 200)).toBe(0);
    expect(exportProgressPercent(199, 200)).toBe(99);
    expect(exportProgressPercent(200, 200)).toBe(100);
    expect(exportProgressPercent(300, 200)).toBe(100);
    expect(exportProgressPercent(0, 0)).toBe(100);
    expect(exportProgressPercent(10, null)).toBe(0);
  });
});
