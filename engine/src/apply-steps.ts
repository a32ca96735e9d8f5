/** The steps of an apply that make a new config version: open its store, migrate and seed it, compile its runtime. */
import { isPostgresUrl } from '../../shared/src/database-url.js';
import { messages } from '../../shared/src/messages.js';
import type { Problem } from '../../shared/src/problems.js';
import type { Store, TableChange } from './store/store.js';
import { type RuntimeHooks, ServiceRuntime } from './http/runtime.js';
import type { SchemaModel, ServiceModel } from './model/service-model.js';
import { openStore } from './store/open-store.js';
import { RenameBlocked } from './store/renames.js';
import type { ChangeFeed } from './records/record-change.js';
import { RecordService } from './records/record-service.js';
import { errorProblem } from './summaries.js';

/** The store a version uses, where it is (a file, or a PostgreSQL URL and schema), and whether it was opened for it. */
export interface OpenedStore {
  db: Store;
  fresh: boolean;
  location: string;
}

/** The database of the new config: the open one when it is the same, else a newly opened one. */
export async function storeFor(
  current: { db: Store | undefined; location: string | undefined },
  database: string,
  schema: string,
): Promise<OpenedStore | { failure: Problem }> {
  const location = isPostgresUrl(database) ? `${database}#${schema}` : database;
  if (current.db && location === current.location) return { db: current.db, fresh: false, location };
  try {
    return { db: await openStore(database, { schema }), fresh: true, location };
  } catch (err) {
    return {
      failure: errorProblem('databaseOpenFailed', messages.databaseOpenFailed(database, (err as Error).message)),
    };
  }
}

/** Migrates and seeds the tables, then compiles the router over their records, on the live version's (`previous`). */
export async function buildRuntime(
  model: ServiceModel,
  db: Store,
  hooks: RuntimeHooks,
  previous: ServiceRuntime | undefined,
  tableChanged: (schema: SchemaModel, change: TableChange | 'reset') => void,
  feed: ChangeFeed,
): Promise<{ runtime: ServiceRuntime; warnings: Problem[]; created: string[] } | { failure: Problem }> {
  try {
    const { tables, warnings, created } = await db.prepare(model, tableChanged);
    const records = new RecordService(model, tables, db, feed);
    // Built on the live version: the routes it keeps are not added again.
    return { runtime: new ServiceRuntime(model, records, hooks, previous), warnings, created };
  } catch (err) {
    if (err instanceof RenameBlocked) return { failure: err.problem };
    return { failure: errorProblem('migrationFailed', (err as Error).message) };
  }
}
