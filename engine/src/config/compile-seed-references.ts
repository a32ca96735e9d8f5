import type { JsonValue } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { FieldModel, SchemaModel } from '../model/service-model.js';
import type { ConfigSource } from './source.js';

/** How many of the referenced schema's seeded keys a problem lists. */
const LISTED = 10;

/** A seed row that passed its schema's checks, with its place in the schema's list. */
export interface SeedRow {
  row: Record<string, JsonValue>;
  index: number;
}

/**
 * The key values the seed rows of a schema will have once inserted, in order. An integer auto id not
 * written gets the next one after the largest so far (what SQLite's rowid and the PostgreSQL store's
 * id sequence both give a new table); a generated uuid cannot be known and is left out.
 */
function seededKeys(rows: readonly unknown[], key: FieldModel): JsonValue[] {
  const keys: JsonValue[] = [];
  let largest = 0;
  for (const row of rows) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) continue;
    const written = (row as Record<string, JsonValue>)[key.name];
    if (key.autoId === 'integer') {
      const id = typeof written === 'number' ? written : largest + 1;
      largest = Math.max(largest, id);
      keys.push(id);
    } else {
      const value = written ?? key.default;
      if (value !== undefined && value !== null) keys.push(value);
    }
  }
  return keys;
}

/**
 * Seed references are kept as an API create keeps them: a seed row's reference must name a seed row
 * of the referenced schema (self-references among one schema's rows count, in any order: seeds are
 * written once, when their table is created, and the stores check no reference while writing them).
 * A referenced schema without seed rows is not checked: its table may be filled some other way (an
 * existing database, an import), which the config cannot tell.
 */
export function checkSeedReferences(
  source: ConfigSource,
  schemas: ReadonlyMap<string, SchemaModel>,
  declared: ReadonlyMap<string, readonly unknown[]>,
  good: ReadonlyMap<string, readonly SeedRow[]>,
  problems: Problem[],
): void {
  const keysOf = new Map<string, JsonValue[]>();
  for (const [name, rows] of good) {
    const schema = schemas.get(name);
    if (!schema) continue;
    for (const field of schema.fields) {
      const reference = field.references;
      const target = reference && schemas.get(reference.schema);
      const targetRows = reference && declared.get(reference.schema);
      if (!reference || !target || !targetRows || targetRows.length === 0) continue;
      const key = target.fieldMap.get(reference.field) as FieldModel;
      const cacheKey = `${target.name}.${key.name}`;
      let keys = keysOf.get(cacheKey);
      if (!keys) {
        keys = seededKeys(targetRows, key);
        keysOf.set(cacheKey, keys);
      }
      for (const { row, index } of rows) {
        const value = row[field.name];
        if (value === undefined || value === null || keys.includes(value)) continue;
        const listed = keys.slice(0, LISTED).map((k) => JSON.stringify(k));
        if (keys.length > LISTED) listed.push('…');
        problems.push(
          source.problemAt(
            ['seed', name, index, field.name],
            'seedReferenceMissing',
            messages.seedReferenceMissing(
              name,
              index,
              field.name,
              JSON.stringify(value),
              target.name,
              key.name,
              listed,
            ),
          ),
        );
      }
    }
  }
}
