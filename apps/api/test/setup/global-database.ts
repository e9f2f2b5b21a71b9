import '../../src/process-signals';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../../src/db/client';
import { startEmbeddedCluster } from '../../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the test server with no database name set; each file makes its own database. */
    pgServerUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL server for the run: TEST_DATABASE_URL's (the PostgreSQL 15 pass sets it) or an
 * embedded cluster in a temporary folder. A migrated template database is made once; every test
 * file copies it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  // One template per project: two projects of one run (api and scale) may share TEST_DATABASE_URL's server.
  const template = `backroom_template_${project.name}`;
  let serverUrl: URL;
  let stop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = new URL(process.env.TEST_DATABASE_URL);
  } else {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-test-'));
    await fs.chmod(dir, 0o755);
    const cluster = await startEmbeddedCluster(dir, { throwaway: true });
    serverUrl = new URL(cluster.url);
    stop = async () => {
      await cluster.stop();
      await fs.rm(dir, { recursive: true, force: true });
    };
  }
  serverUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  await migrateDatabase(templateUrl.toString());

  project.provide('pgServerUrl', serverUrl.toString());
  project.provide('templateDatabase', template);
  return stop;
}
