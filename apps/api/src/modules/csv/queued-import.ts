import type { QueuedImport } from '../bulk/queued-import';
import { importRoutes } from './import-routes';
import { runImportJob } from './import-service';

/** The product import as the bulk queue runs it: app.ts hands it to bulkRoutes. */
export const queuedProductImport: QueuedImport = { routes: importRoutes, run: runImportJob };
