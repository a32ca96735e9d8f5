/**
 * Writes an imported db.json's rows into the SQLite file its config names, when they are too large
 * for the config's `seed:` (import-db.ts): the config is applied once, without listening, on that file,
 * with the rows as the seed of the tables it creates (the way `mockyard serve db.json` seeds them,
 * each row checked as a create is), and the engine stops (the file closed, its WAL checkpointed).
 */
import type { JsonValue } from '../../../shared/src/config-schema.js';
import { Engine } from '../engine.js';
import type { JsonServerMode } from './mode.js';

/** Creates the tables of `configText` in the SQLite file `database` (absolute) filled with `seed`; throws on a problem. */
export async function seedDatabaseFile(
  configText: string,
  configPath: string,
  database: string,
  seed: ReadonlyMap<string, Record<string, JsonValue>[]>,
): Promise<void> {
  // Only the seed of json-server mode is used: the engine never listens, so none of its habits apply.
  const mode: JsonServerMode = {
    readOnly: false,
    routes: [],
    rewrite: undefined,
    staticDir: undefined,
    collections: new Map(),
    singulars: new Map(),
    seed,
  };
  const engine = new Engine({ configPath, database, log: { enabled: false }, jsonServer: mode });
  try {
    const applied = await engine.apply(configText);
    if (!applied.ok) throw new Error(applied.problems.map((p) => p.message).join('; '));
  } finally {
    await engine.stop();
  }
}
