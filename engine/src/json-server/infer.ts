/**
 * A json-server `db.json` read as a Mockyard config: a schema per collection (arrays) and per
 * singular resource (objects), with field types inferred from the values, references from `xxxId`
 * fields, the six REST endpoints of each collection, nested routes (`/posts/:postId/comments`, GET
 * and POST), and the file's rows as the seed.
 * @example inferConfig(JSON.parse(text), {}).config // { schemas: { Post: … }, endpoints: [...], seed: {...} }
 */
import pluralize from 'pluralize';
import type { Config, FieldDefinition, FieldType, JsonValue } from '../../../shared/src/config-schema.js';
import { tableNameFor } from '../model/table-name.js';

export interface InferOptions {
  /** json-server's `--id`: the key of every collection. Default `id`. */
  id?: string;
  /** json-server's `--fks`: the suffix of a reference field. Default `Id` (`postId` → posts). */
  fks?: string;
  /**
   * json-server mode: a field whose name a config cannot declare (`first-name`, `created at`) is left
   * undeclared, for the mode's field of undeclared fields to keep, instead of refusing the file.
   */
  keepUndeclarable?: boolean;
}

export interface Inferred {
  config: Config;
  /** Collection name in the file → schema name, in the file's order. */
  collections: Map<string, string>;
  /** Singular resource name → schema name. */
  singulars: Map<string, string>;
  /** The schemas with fields left undeclared by `keepUndeclarable`. */
  undeclared: Set<string>;
}

/** Why a file cannot be served as json-server's db.json (json-server's own checks, and ours). */
export class DbJsonError extends Error {}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** json-server's own names that are no resource: `$schema` (an editor's hint). */
const IGNORED = new Set(['$schema']);

/** `blog-posts` → `BlogPost`: a schema name (letters and digits, capitalised, singular). */
function schemaNameOf(name: string, taken: Set<string>): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let base = words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
  if (!/^[A-Za-z]/.test(base)) base = `R${base}`;
  const singular = pluralize.singular(base) || base;
  let candidate = singular;
  for (let n = 2; taken.has(tableNameFor(candidate)) || taken.has(candidate); n++) candidate = `${singular}${n}`;
  taken.add(candidate);
  taken.add(tableNameFor(candidate));
  return candidate;
}

/** The narrowest type that holds every value seen (null says nothing); json when they disagree. */
function widen(type: FieldType | undefined, value: unknown): FieldType | undefined {
  if (value === null || value === undefined) return type;
  const own: FieldType =
    typeof value === 'boolean'
      ? 'boolean'
      : typeof value === 'number'
        ? Number.isSafeInteger(value)
          ? 'integer'
          : 'number'
        : typeof value === 'string'
          ? 'string'
          : 'json';
  if (type === undefined || type === own) return own;
  if ((type === 'integer' && own === 'number') || (type === 'number' && own === 'integer')) return 'number';
  return 'json';
}

/** The fields of a list of records, in the order first seen, typed by widen; a field never given a value is json. */
function inferFields(rows: readonly Record<string, unknown>[]): Map<string, FieldType> {
  const types = new Map<string, FieldType | undefined>();
  // for…in, not Object.entries: no array per row (a 50,000-row db.json is read on every start).
  for (const row of rows)
    for (const name in row) {
      const before = types.get(name);
      const after = widen(before, row[name]);
      if (after !== before || !types.has(name)) types.set(name, after);
    }
  return new Map([...types].map(([name, type]) => [name, type ?? 'json']));
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Reads a parsed db.json; throws DbJsonError for a file json-server would refuse or a name Mockyard cannot hold. */
export function inferConfig(db: unknown, options: InferOptions = {}): Inferred {
  const idName = options.id ?? 'id';
  const suffix = options.fks ?? 'Id';
  if (!isRecord(db)) throw new DbJsonError(`Data must be an object. Found ${Array.isArray(db) ? 'array' : typeof db}.`);
  if (!FIELD_NAME.test(idName)) throw new DbJsonError(`--id must be a field name, not '${idName}'.`);
  const taken = new Set<string>();
  const collections = new Map<string, string>();
  const singulars = new Map<string, string>();
  const schemas: NonNullable<Config['schemas']> = {};
  const seed: NonNullable<Config['seed']> = {};
  const endpoints: Config['endpoints'] = [];
  const fieldsOf = new Map<string, Map<string, FieldType>>();
  const undeclared = new Set<string>();
  // Collections whose rows have no key (json-server lists them, and finds none by id): no key field,
  // and only GET and POST on the collection's path, so they are answered as the file has them.
  const keyless = new Set<string>();
  for (const [name, value] of Object.entries(db)) {
    if (IGNORED.has(name)) continue;
    if (name.includes('/')) throw new DbJsonError(`Oops, found / character in database property '${name}'.`);
    if (!/^[A-Za-z0-9_.~-]+$/.test(name))
      throw new DbJsonError(`'${name}' cannot be a path segment: use letters, digits, '-', '_', '.' or '~'.`);
    if (Array.isArray(value)) {
      const rows = value.filter(isRecord);
      if (rows.length !== value.length) throw new DbJsonError(`Every item of '${name}' must be an object.`);
      const schema = schemaNameOf(name, taken);
      collections.set(name, schema);
      const fields = inferFields(rows);
      // Rows none of which has a key are kept as they are, without one (keyless.add below).
      if (rows.length > 0 && rows.every((row) => row[idName] === undefined)) keyless.add(schema);
      // A collection's key: integer unless some row's key is text (json-server generates a uuid then).
      const keyType = fields.get(idName);
      if (!keyless.has(schema)) fields.set(idName, keyType === 'string' ? 'string' : 'integer');
      if (keyType !== undefined && keyType !== 'string' && keyType !== 'integer')
        throw new DbJsonError(`The ${idName} of every item of '${name}' must be a whole number or text.`);
      fieldsOf.set(schema, fields);
      seed[schema] = rows as Record<string, JsonValue>[];
    } else if (isRecord(value)) {
      const schema = schemaNameOf(name, taken);
      singulars.set(name, schema);
      const fields = inferFields([value]);
      fields.delete('id');
      fieldsOf.set(schema, new Map([['id', 'integer'], ...fields]));
      const { id: _, ...row } = value;
      seed[schema] = [{ id: 1, ...row } as Record<string, JsonValue>];
    } else throw new DbJsonError(`'${name}' must be an array (a collection) or an object (a singular resource).`);
  }
  for (const [name, schema] of collections) {
    const fields = fieldsOf.get(schema) as Map<string, FieldType>;
    const properties: Record<string, FieldDefinition> = {};
    for (const [field, type] of fields) {
      if (!FIELD_NAME.test(field)) {
        if (options.keepUndeclarable) {
          undeclared.add(schema);
          continue;
        }
        throw new DbJsonError(`'${name}' has a field named '${field}', which Mockyard cannot store.`);
      }
      properties[field] = type;
    }
    schemas[schema] = { properties };
    if (keyless.has(schema))
      endpoints.push(
        { path: `/${name}`, method: 'GET', response: { schema, type: 'array' } },
        { path: `/${name}`, method: 'POST', response: { schema } },
      );
    else endpoints.push({ resource: schema, path: `/${name}`, ...(idName === 'id' ? {} : { key: idName }) });
  }
  for (const [, schema] of singulars) {
    const properties: Record<string, FieldDefinition> = {};
    for (const [field, type] of fieldsOf.get(schema) as Map<string, FieldType>) {
      if (!FIELD_NAME.test(field)) {
        if (options.keepUndeclarable) {
          undeclared.add(schema);
          continue;
        }
        throw new DbJsonError(`A singular resource has a field named '${field}', which Mockyard cannot store.`);
      }
      properties[field] = type;
    }
    schemas[schema] = { properties };
  }
  addRelations(collections, fieldsOf, schemas, seed, endpoints, idName, suffix);
  const config: Config = { server: { cors: { origin: '*', credentials: true } }, schemas, endpoints, seed };
  return { config, collections, singulars, undeclared };
}

/**
 * `postId` on comments, with posts a collection: nested routes `/posts/:postId/comments` (GET and
 * POST), and, when every seeded value names a seeded post, a reference (for `_expand=post`,
 * `_embed=comments`, and json-server's delete of dependent records: `onDelete: cascade`).
 */
function addRelations(
  collections: Map<string, string>,
  fieldsOf: Map<string, Map<string, FieldType>>,
  schemas: NonNullable<Config['schemas']>,
  seed: NonNullable<Config['seed']>,
  endpoints: Config['endpoints'],
  idName: string,
  suffix: string,
): void {
  for (const [childName, child] of collections) {
    const fields = fieldsOf.get(child) as Map<string, FieldType>;
    for (const [field, type] of fields) {
      if (field === idName || !field.endsWith(suffix) || field.length === suffix.length) continue;
      if (!FIELD_NAME.test(field)) continue;
      const stem = field.slice(0, -suffix.length);
      const parentName = [...collections.keys()].find((n) => n === pluralize.plural(stem) || n === stem);
      const parent = parentName === undefined ? undefined : collections.get(parentName);
      if (!parent || parentName === undefined) continue;
      const parentKey = fieldsOf.get(parent)?.get(idName);
      if (type !== parentKey) continue;
      endpoints.push(
        { path: `/${parentName}/:${field}/${childName}`, method: 'GET', response: { schema: child, type: 'array' } },
        { path: `/${parentName}/:${field}/${childName}`, method: 'POST', response: { schema: child } },
      );
      const keys = new Set((seed[parent] ?? []).map((row) => row[idName]));
      const dangling = (seed[child] ?? []).some((row) => row[field] != null && !keys.has(row[field] as JsonValue));
      if (dangling || FIELD_NAME.test(stem) === false) continue;
      const properties = (schemas[child] as { properties: Record<string, FieldDefinition> }).properties;
      properties[field] = {
        type,
        references: idName === 'id' ? parent : `${parent}.${idName}`,
        as: stem,
        onDelete: 'cascade',
      };
    }
  }
}
