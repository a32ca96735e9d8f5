import { DomainError } from '../domain-error.js';
import type { FieldModel, RelationModel, SchemaModel } from '../model/service-model.js';
import type { ListQuery } from '../list/list-query.js';
import { after, each, type FixedValue, type MaybePromise, type Page, type TableStore } from '../store/store.js';
import type { ChangeFeed, PendingChange, RecordChangeType } from './record-change.js';
import { batchReferenceCheck } from './reference-batch.js';
import { applyOnDelete, checkReferences, guardedEmbeds, referencingFields } from './references.js';

/** Which record: the columns and their values (bound as text), e.g. `id` = `"7"` or `authorId`, `slug`. */
export interface RecordKey {
  columns: readonly string[];
  values: readonly string[];
}

/** A created record's JSON, and the value of the column the caller asked for to build its `Location`. */
export interface Created {
  json: string;
  location: unknown;
}

const change = (type: RecordChangeType, schema: SchemaModel, record: string): PendingChange => ({
  type,
  schema: schema.name,
  table: schema.table,
  record,
});

/**
 * The records of one schema: every read and write the HTTP endpoints, the studio and (next) GraphQL
 * and feeds make, with the rules a write keeps: references must name existing records, a delete
 * applies `onDelete` in the same transaction, a unique value taken is a `conflict` (from the store).
 * Results are `MaybePromise` like the store's: on SQLite a write without references is answered in
 * the same turn. Each write that lands is published once, after it commits (record-change.ts).
 */
export class SchemaRecords {
  private readonly references: FieldModel[];
  private readonly guarded: boolean;

  constructor(
    readonly schema: SchemaModel,
    readonly store: TableStore,
    private readonly stores: ReadonlyMap<string, TableStore>,
    private readonly feed: ChangeFeed | undefined,
  ) {
    this.references = referencingFields(schema);
    this.guarded = guardedEmbeds(schema).length > 0;
  }

  /** A page of records as JSON array text and the number matching in all (`knownTotal`: a count the caller has). */
  list(query: ListQuery, knownTotal?: number): MaybePromise<Page> {
    return this.store.list(query, knownTotal);
  }

  /** The record with the key as JSON text (with `relations` embedded), or undefined. */
  get(key: RecordKey, relations?: readonly RelationModel[]): MaybePromise<string | undefined> {
    return this.store.get(key.columns, key.values, relations);
  }

  /**
   * Inserts a record; `fixed` are columns a path sets (`/users/:authorId/posts`), `locationColumn`
   * the column whose value comes back as `location`. References are checked first.
   */
  create(body: unknown, fixed: readonly FixedValue[] = [], locationColumn?: string): MaybePromise<Created> {
    const write = (): MaybePromise<Created> =>
      after(this.store.create(body, fixed, locationColumn), (created) => {
        this.published('created', created.json);
        return created;
      });
    return this.references.length > 0
      ? checkReferences(this.stores, this.references, body, fixed).then(write)
      : write();
  }

  /** PATCH (`patch`) merges the body into the record, PUT (`replace`) replaces every field but the key; undefined when none matched. */
  update(key: RecordKey, body: unknown, mode: 'patch' | 'replace'): MaybePromise<string | undefined> {
    const write = (): MaybePromise<string | undefined> =>
      after(this.store.update(key.columns, key.values, body, mode), (json) => {
        if (json !== undefined) this.published('updated', json);
        return json;
      });
    return this.references.length > 0 ? checkReferences(this.stores, this.references, body, []).then(write) : write();
  }

  /**
   * Inserts records in one transaction: all of them, or (a reference missing, a value refused, a
   * unique value taken) none. References are checked first, as a single create checks them.
   */
  createMany(bodies: readonly unknown[]): MaybePromise<string[]> {
    const write = (): MaybePromise<string[]> => {
      const rows: string[] = [];
      const work = (): MaybePromise<void> =>
        each(bodies, (body) => after(this.store.create(body, []), (created) => rows.push(created.json)));
      return after(this.store.transaction(work), () => {
        this.feed?.publish(rows.map((row) => change('created', this.schema, row)));
        return rows;
      });
    };
    const check = batchReferenceCheck(this.stores, this.schema, bodies);
    const checked = check ? each(bodies, check) : undefined;
    return checked instanceof Promise ? checked.then(write) : write();
  }

  /** Merges the body into the records with these values of `column`, in one transaction; the records updated. */
  updateMany(column: string, values: readonly string[], body: unknown): MaybePromise<string[]> {
    const write = (): MaybePromise<string[]> => {
      const rows: string[] = [];
      const work = (): MaybePromise<void> =>
        each(values, (value) =>
          after(this.store.update([column], [value], body, 'patch'), (json) => {
            if (json !== undefined) rows.push(json);
          }),
        );
      return after(this.store.transaction(work), () => {
        this.feed?.publish(rows.map((row) => change('updated', this.schema, row)));
        return rows;
      });
    };
    return this.references.length > 0 ? checkReferences(this.stores, this.references, body, []).then(write) : write();
  }

  /**
   * Deletes the first record with the key and applies `onDelete` of the records referencing it
   * (`restrict` refuses with a `conflict`, `cascade` deletes them), all in one transaction.
   */
  delete(key: RecordKey): MaybePromise<string | undefined> {
    if (!this.guarded)
      return after(this.store.delete(key.columns, key.values), (json) => {
        if (json !== undefined) this.published('deleted', json);
        return json;
      });
    const pending: PendingChange[] = [];
    return after(
      this.store.transaction(() => this.deleteWithin(key, pending)),
      (json) => {
        this.feed?.publish(pending);
        return json;
      },
    );
  }

  /** Deletes the records with these values of `column` in one transaction: all of them, or none. */
  deleteMany(column: string, values: readonly string[]): MaybePromise<string[]> {
    const pending: PendingChange[] = [];
    const rows: string[] = [];
    const work = (): MaybePromise<void> =>
      each(values, (value) =>
        after(this.deleteWithin({ columns: [column], values: [value] }, pending), (json) => {
          if (json !== undefined) rows.push(json);
        }),
      );
    return after(this.store.transaction(work), () => {
      this.feed?.publish(pending);
      return rows;
    });
  }

  /** The field rows are edited by in the studio (the id field). */
  keyColumn(): string {
    if (!this.schema.idField)
      throw new DomainError(
        'invalid',
        `Table '${this.schema.table}' has no id field, so rows cannot be edited by key.`,
      );
    return this.schema.idField.name;
  }

  /** A delete inside an open transaction; its changes (cascaded ones too) go to `pending`. */
  private deleteWithin(key: RecordKey, pending: PendingChange[]): MaybePromise<string | undefined> {
    // `after` hands back the inner step's promise as it is, so this is a JSON text or a promise of one.
    return after(this.store.delete(key.columns, key.values), (json) => {
      if (json === undefined) return undefined;
      pending.push(change('deleted', this.schema, json));
      return after(
        applyOnDelete(this.stores, this.schema, json, (schema, row) => pending.push(change('deleted', schema, row))),
        () => json,
      );
    }) as MaybePromise<string | undefined>;
  }

  private published(type: RecordChangeType, json: string): void {
    if (this.feed?.active()) this.feed.publish([change(type, this.schema, json)]);
  }
}
