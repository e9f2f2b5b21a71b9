/**
 * Where the mixed load's time went, for bench/mixed.ts run on its own (decision 057): the CPU of a
 * process, of PostgreSQL's backends and of the machine from /proc, and what the app's backends
 * wait on from pg_stat_activity.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';

/** CPU seconds (user + system) of a process, from /proc; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's ')'.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL's CPU seconds so far: the postmaster's own and its exited children's (cutime and cstime,
 * fields 16 and 17: a backend that ended, a pg-boss connection, an autovacuum worker) and every
 * live child's. Summing the live processes alone loses what an ended backend used, and a
 * difference can even come out negative.
 */
export function postgresCpuSeconds(postmaster: number): number {
  let reaped = 0;
  try {
    const fields = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    reaped = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {}
  return reaped + postgresPids(postmaster).reduce((a, pid) => a + cpuSeconds(pid), 0);
}

/** The postmaster and its children (the backends), from /proc. */
export function postgresPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** The machine's busy and total CPU seconds so far, from /proc/stat's first line. */
export function machineCpu(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

/**
 * What the app's backends are doing, sampled every 100 ms from pg_stat_activity until stopped:
 * running, waiting for the client (idle: the pool's free connections or node not reading yet), a
 * lock, I/O... and whether they came over TCP or the Unix socket.
 */
export function sampleWaits(database: Database) {
  const counts = new Map<string, number>();
  const paths = new Set<string>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const rows = (
        await database.db.execute<{ what: string; path: string; n: number }>(sql`
          select case when state = 'active' then coalesce(wait_event_type || ':' || wait_event, 'running')
                      else state end as what,
                 case when client_addr is null then 'Unix socket' else 'TCP' end as path, count(*)::int as n
            from pg_stat_activity
           where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
             and application_name <> 'bench'
           group by 1, 2`)
      ).rows;
      samples += 1;
      for (const r of rows) {
        counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
        paths.add(r.path);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { counts, samples, paths: [...paths] };
    },
  };
}
