/**
 * Value rules both stores share: text made storable, a path value read as its field's type,
 * whether a key sent in a body names the record of the path, and what a create or an update writes.
 */
import { randomUUID } from '../on-demand.js';
import { fromText, TEXT_FORM } from '../../../shared/src/field-text.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import { recordProblem } from '../model/record-check.js';
import type { FieldModel, SchemaModel } from '../model/service-model.js';
import type { FixedValue } from './store.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Text as a database can store it: a lone UTF-16 surrogate (JSON allows "\ud800") has no UTF-8 form
 * and would be written as invalid bytes that read back as three U+FFFD; it becomes one U+FFFD, as
 * invalid UTF-8 in a request body does.
 */
export const wellFormed = (text: string): string =>
  LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;

/**
 * A path value for a create, converted to the field's type by the rules of field-text.ts
 * (lookups bind text; inserts must store the right type).
 */
export function pathValue(field: FieldModel, raw: string): unknown {
  const converted = fromText(field.type, raw);
  if (converted.ok && converted.value !== null) return converted.value;
  throw new DomainError('invalid', httpMessages.pathWrongType(field.name, TEXT_FORM[field.type], raw));
}

/**
 * Whether a key value sent in a body names the same record as the raw path value. A number key is
 * compared as a number (`/users/7.0` names id 7, as both stores find it); other keys as the path's text.
 */
export function sameKey(field: FieldModel, sent: unknown, raw: string): boolean {
  if ((field.type === 'number' || field.type === 'integer') && typeof sent === 'number') {
    const converted = fromText(field.type, raw);
    return converted.ok && converted.value === sent;
  }
  return String(sent) === raw;
}

/**
 * What an update writes, as both stores read it: the body checked, the key columns in the body
 * agreeing with the path, and the fields to set (PATCH: those sent; PUT: every field) with their
 * values (PUT: a field left out gets its default). Neither mode rewrites the key columns or the
 * primary key: a record keeps its identity. No fields: nothing to write.
 */
export function updatePlan(
  schema: SchemaModel,
  columns: readonly string[],
  values: readonly string[],
  body: unknown,
  mode: 'patch' | 'replace',
): { record: Record<string, unknown>; fields: FieldModel[]; writtenValue(field: FieldModel): unknown } {
  const problem = recordProblem(schema, body, mode);
  if (problem) throw new DomainError('invalid', problem.message, { field: problem.field });
  const record = body as Record<string, unknown>;
  columns.forEach((column, i) => {
    const sent = record[column];
    const field = schema.fieldMap.get(column) as FieldModel;
    if (sent !== undefined && sent !== null && !sameKey(field, sent, values[i] as string)) {
      throw new DomainError(
        'invalid',
        httpMessages.keyMismatch(column, JSON.stringify(sent), JSON.stringify(values[i])),
      );
    }
  });
  const writable = (f: FieldModel): boolean => f.autoId === undefined && !columns.includes(f.name);
  const fields =
    mode === 'patch'
      ? schema.fields.filter((f) => writable(f) && record[f.name] !== undefined)
      : schema.fields.filter(writable);
  // Null is no value: a field sent as null, or left out of a replace, gets its default (README, "Optional fields").
  const writtenValue = (f: FieldModel): unknown => record[f.name] ?? f.default ?? null;
  return { record, fields, writtenValue };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The record a create writes, as both stores read it: the path's fixed values (a nested route's
 * parent key) put in as their field's type, then the whole checked, so a required parent key need not
 * be in the body. A body value that disagrees with the path's is refused. The body itself is not changed.
 */
export function createRecord(
  schema: SchemaModel,
  body: unknown,
  fixed: readonly FixedValue[],
): Record<string, unknown> {
  // The path's values go in first, so a required parent key may be left out of a nested create's body.
  const withPath = isRecord(body) ? { ...body } : body;
  if (isRecord(withPath))
    for (const { column, value } of fixed) {
      const field = schema.fieldMap.get(column) as FieldModel;
      const converted = pathValue(field, value);
      if (withPath[column] != null && withPath[column] !== converted) {
        throw new DomainError(
          'invalid',
          httpMessages.keyMismatch(column, JSON.stringify(withPath[column]), JSON.stringify(converted)),
        );
      }
      withPath[column] = converted;
    }
  const problem = recordProblem(schema, withPath, 'create');
  if (problem) throw new DomainError('invalid', problem.message, { field: problem.field });
  const record = withPath as Record<string, unknown>;
  // A record whose key is empty text could never be reached again (`/tags/` is the collection).
  for (const column of [...schema.lookupColumns, ...(schema.idField ? [schema.idField.name] : [])])
    if (record[column] === '') throw new DomainError('invalid', httpMessages.keyEmpty(column), { field: column });
  return record;
}

/**
 * The fields a create writes for `record`: an integer auto id not given is left to the database;
 * a uuid key missing or null is made here; other missing fields get their default or null. Fills
 * the values made here and the defaults into `record`, so a conflict can name them; a field left
 * null is not added (adding a property to each of 50,000 seed rows cost more than checking them).
 */
export function createdFields(schema: SchemaModel, record: Record<string, unknown>): readonly FieldModel[] {
  // Every field (the schema's own list, not a copy) unless an integer auto id is left to the database.
  const id = schema.idField;
  const left = id?.autoId === 'integer' && record[id.name] == null;
  const fields = left ? schema.fields.filter((f) => f !== id) : schema.fields;
  for (const f of fields) {
    if (record[f.name] != null) continue;
    // A uuid key sent as null is generated like a missing one (as a null integer id is): the column is NOT NULL.
    if (f.autoId === 'uuid') record[f.name] = randomUUID();
    else if (f.default !== undefined && f.default !== null) record[f.name] = f.default;
  }
  return fields;
}
