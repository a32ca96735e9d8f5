import { DomainError } from '../domain-error.js';
import type { ServiceModel } from '../model/service-model.js';
import { after, type MaybePromise, type Store, type TableStore } from '../store/store.js';
import type { ChangeFeed } from './record-change.js';
import { SchemaRecords } from './schema-records.js';

/**
 * The records of one config version, per schema: the one seam between the transports (http/,
 * studio/, and next GraphQL and feeds) and the store. Transports translate requests into these
 * calls and results into their answers; the rules of a write live in SchemaRecords.
 * @example const users = records.of('User'); await users?.create({ name: 'Ann' });
 */
export class RecordService {
  private readonly bySchema = new Map<string, SchemaRecords>();

  constructor(
    readonly model: ServiceModel,
    readonly stores: ReadonlyMap<string, TableStore>,
    private readonly database: Store,
    private readonly feed?: ChangeFeed,
  ) {
    for (const [name, store] of stores) {
      const schema = model.schemas.get(name);
      if (schema) this.bySchema.set(name, new SchemaRecords(schema, store, stores, feed));
    }
  }

  /** The records of a schema by its name, e.g. `User`; undefined when the config has no such schema. */
  of(schemaName: string): SchemaRecords | undefined {
    return this.bySchema.get(schemaName);
  }

  /** The records of a schema by its table's name, e.g. `users`; `not_found` when the config has none. */
  table(table: string): SchemaRecords {
    for (const records of this.bySchema.values()) if (records.schema.table === table) return records;
    throw new DomainError('not_found', `No table '${table}' in the live config.`);
  }

  /** Puts every table (or one schema's) back to its `seed:` rows in one transaction; rows per table. */
  reset(only?: string): MaybePromise<Record<string, number>> {
    return after(this.database.reset(this.model, only), (counts) => {
      this.publishResets([...this.bySchema.values()].filter((r) => only === undefined || r.schema.name === only));
      return counts;
    });
  }

  /**
   * Tells the feeds that these schemas' tables are new, made and seeded by the reload that built
   * this version: one `reset` each, as for any change of a whole table.
   */
  tablesCreated(schemaNames: readonly string[]): void {
    this.publishResets(schemaNames.flatMap((name) => this.bySchema.get(name) ?? []));
  }

  private publishResets(tables: readonly SchemaRecords[]): void {
    if (tables.length === 0 || !this.feed?.active()) return;
    this.feed.publish(tables.map((r) => ({ type: 'reset' as const, schema: r.schema.name, table: r.schema.table })));
  }
}
