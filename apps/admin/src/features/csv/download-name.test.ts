import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './download-name';

describe('attachmentFileName', () => {
  it("reads the server's quoted file name", () => {
    expect(attachmentFileName('attachment; filename="orders-2026-11-24.csv"', 'x.csv')).toBe('orders-2026-11-24.csv');
    expect(attachmentFileName('attachment; filename="a \\"b\\".csv"', 'x.csv')).toBe('a "b".csv');
  });

  it('reads an unquoted name and prefers the UTF-8 one', () => {
    expect(attachmentFileName('attachment; filename=users.csv', 'x.csv')).toBe('users.csv');
    expect(attachmentFileName(`attachment; filename="p.csv"; filename*=UTF-8''Produkte%20%C3%A4.csv`, 'x.csv')).toBe(
      'Produkte ä.csv',
    );
  });

  it('falls back without a header or a name, and never keeps a path', () => {
    expect(attachmentFileName(null, 'export.csv')).toBe('export.csv');
    expect(attachmentFileName('attachment', 'export.csv')).toBe('export.csv');
    expect(attachmentFileName('attachment; filename="../../etc/passwd"', 'export.csv')).toBe('....etcpasswd');
    expect(attachmentFileName('attachment; filename="/"', 'export.csv')).toBe('export.csv');
  });
});
