import type { Config } from '../config';
import { connectDatabase, type Database, migrateDatabase } from './client';
import { startEmbeddedCluster } from './embedded';

export interface OpenDatabase {
  database: Database;
  /** True when this start made a new embedded cluster: a new shop. */
  created: boolean;
  embedded: boolean;
  /** Closes the pool, then stops the embedded cluster if there is one. */
  close(): Promise<void>;
}

/** The server DATABASE_URL names, or else the embedded cluster under DATA_DIR; migrated. */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<OpenDatabase> {
  const cluster = config.databaseUrl
    ? undefined
    : await startEmbeddedCluster(config.dataDir, { port: config.embeddedPgPort, log });
  const url = config.databaseUrl ?? (cluster?.url as string);
  try {
    await migrateDatabase(url);
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
  const database = connectDatabase(url, config.databasePoolMax, undefined, { warm: true });
  return {
    database,
    created: cluster?.created ?? false,
    embedded: cluster !== undefined,
    async close() {
      await database.close();
      await cluster?.stop();
    },
  };
}
