#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 cluster (TEST_DATABASE_URL), so the API suite
// also proves the oldest server we support (the cluster: scripts/pg15.mjs).
import { spawn } from 'node:child_process';
import { assertPg15Installed, startPg15 } from './pg15.mjs';

const command = process.argv.slice(2);
try {
  assertPg15Installed();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

let code = 1;
const cluster = await startPg15();
try {
  console.log(`PostgreSQL 15 on port ${cluster.port}: running ${command.join(' ')}`);
  code = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      shell: true,
      env: { ...process.env, TEST_DATABASE_URL: cluster.url },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
} finally {
  await cluster.stop();
}
process.exit(code);
