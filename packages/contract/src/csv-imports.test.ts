import { describe, expect, it } from 'vitest';
import { importFingerprintSchema, importJobResult, importResultMessage } from './csv-imports';

describe('importResultMessage', () => {
  it('always says what was created and updated', () => {
    expect(importResultMessage({ created: 0, updated: 0, unchanged: 0, skipped: 0 })).toBe('0 created, 0 updated');
  });

  it('adds unchanged and skipped rows only when there are some, with thousands separated', () => {
    expect(importResultMessage({ created: 12, updated: 1204, unchanged: 5, skipped: 3 })).toBe(
      '12 created, 1,204 updated, 5 unchanged, 3 skipped (bad rows)',
    );
    expect(importResultMessage({ created: 2500, updated: 1, unchanged: 0, skipped: 1 })).toBe(
      '2,500 created, 1 updated, 1 skipped (bad rows)',
    );
  });
});

describe('importJobResult', () => {
  it('reads an import job’s bulk result, older results without created or unchanged counting 0', () => {
    expect(importJobResult({ result: { updated: 4, skipped: 2, reasons: [], created: 7, unchanged: 1 } })).toEqual({
      created: 7,
      updated: 4,
      unchanged: 1,
      skipped: 2,
    });
    expect(importJobResult({ result: { updated: 4, skipped: 0, reasons: [] } })).toEqual({
      created: 0,
      updated: 4,
      unchanged: 0,
      skipped: 0,
    });
  });
});

describe('importFingerprintSchema', () => {
  it('takes a sha256 in hex and refuses anything else', () => {
    expect(importFingerprintSchema.safeParse('a'.repeat(64)).success).toBe(true);
    expect(importFingerprintSchema.safeParse('A'.repeat(64)).success).toBe(false);
    expect(importFingerprintSchema.safeParse('a'.repeat(63)).success).toBe(false);
    expect(importFingerprintSchema.safeParse(undefined).success).toBe(false);
  });
});
