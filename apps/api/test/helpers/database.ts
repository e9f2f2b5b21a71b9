import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh database copied from the migrated template; returns its URL. */
export async function createFreshDatabase(): Promise<string> {
  const server = inject('pgServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    // Copies from one template may not overlap: test files in other workers wait their turn.
    await admin.query('select pg_advisory_lock(4242)');
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  } finally {
    await admin.query('select pg_advisory_unlock(4242)').catch(() => {});
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}
