import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOCKET_PATH_MAX, socketDirFor } from './embedded';

/** A DATA_DIR under /tmp whose socket path on this port is exactly `bytes` long. */
function dataDirGiving(bytes: number, port: number): string {
  return `/tmp/${'d'.repeat(bytes - Buffer.byteLength(`/tmp//postgres-socket/.s.PGSQL.${port}`))}`;
}

describe("the embedded cluster's socket folder", () => {
  it('is DATA_DIR/postgres-socket, a relative DATA_DIR taken from the working folder', () => {
    expect(socketDirFor('/srv/shop', 5432)).toBe('/srv/shop/postgres-socket');
    expect(socketDirFor('shop-data', 5432)).toBe(path.resolve('shop-data', 'postgres-socket'));
  });

  it('is kept up to a socket path of 107 bytes, and left out (TCP alone) past it', () => {
    expect(SOCKET_PATH_MAX).toBe(107);
    const at = dataDirGiving(107, 54321);
    expect(Buffer.byteLength(path.join(at, 'postgres-socket', '.s.PGSQL.54321'))).toBe(107);
    expect(socketDirFor(at, 54321)).toBe(path.join(at, 'postgres-socket'));
    expect(socketDirFor(`${at}x`, 54321)).toBeUndefined();
    // The port is part of the path: a shorter one leaves room for the same folder.
    expect(socketDirFor(`${at}x`, 5432)).toBe(path.join(`${at}x`, 'postgres-socket'));
  });

  it('counts bytes, not characters', () => {
    const under = dataDirGiving(106, 54321);
    expect(socketDirFor(`${under}x`, 54321)).toBeDefined();
    // The same number of characters, but é is two bytes in UTF-8: 108 bytes.
    expect(socketDirFor(`${under}é`, 54321)).toBeUndefined();
  });
});
