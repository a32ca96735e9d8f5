/**
 * The integrity of references (`references:` in a schema): a write must point at a record that
 * exists, and deleting a referenced record applies the referencing fields' `onDelete`.
 */
import { fitsType } from '../../../shared/src/field-types.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import type { FieldModel, RelationModel, SchemaModel } from '../model/service-model.js';
import { after, each, type FixedValue, type MaybePromise, type TableStore } from '../store/store.js';

type Stores = ReadonlyMap<string, TableStore>;

/** The fields of a schema that reference another record (empty for most: their writes are served as before). */
export const referencingFields = (schema: SchemaModel): FieldModel[] =>
  schema.fields.filter((f) => f.references !== undefined);

/** The embeds of a schema whose deletes do something to the referencing records. */
export const guardedEmbeds = (schema: SchemaModel): RelationModel[] =>
  [...schema.embeds.values()].filter((r) => r.onDelete !== undefined);

/** What `known` holds for a referenced record: its schema, the referenced field and the value, as text. */
export const knownKey = (schema: string, field: string, value: unknown): string =>
  `${schema}\u0000${field}\u0000${String(value)}`;

/**
 * Checks that every reference a create or update sets (in the body, or fixed by the path) names an
 * existing record, or an `invalid` error naming the field and value. Values of the wrong type are left to the
 * store's record check, which names the type. `known` (the studio's imports and restores, which
 * check many rows at once) remembers the records found, so a value many rows share is looked up
 * once; it may also start with records about to be written with these rows (`knownKey`).
 */
export async function checkReferences(
  stores: Stores,
  fields: readonly FieldModel[],
  body: unknown,
  fixed: readonly FixedValue[],
  known?: Set<string>,
): Promise<void> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  for (const field of fields) {
    const reference = field.references;
    if (!reference) continue;
    const path = fixed.find((f) => f.column === field.name);
    const value: unknown = path ? path.value : record[field.name];
    if (value === undefined || value === null || (!path && !fitsType(field.type, value))) continue;
    const target = stores.get(reference.schema);
    if (!target) continue;
    const memo = known && knownKey(reference.schema, reference.field, value);
    if (memo !== undefined && known?.has(memo)) continue;
    const found = await target.get([reference.field], [String(value)]);
    if (found !== undefined && memo !== undefined) known?.add(memo);
    if (found === undefined) {
      const shown = path ? path.value : JSON.stringify(value);
      throw new DomainError(
        'invalid',
        httpMessages.referenceMissing(field.name, shown, reference.schema, reference.field),
        { field: field.name },
      );
    }
  }
}

/**
 * After a record of `schema` is deleted (its JSON in hand), applies each guarded embed: `restrict`
 * refuses (`conflict`) when a record still references it, `cascade` deletes the referencing records
 * (and applies their own embeds in turn; `deleted` hears of each). The caller runs this and the
 * delete in one transaction.
 */
export function applyOnDelete(
  stores: Stores,
  schema: SchemaModel,
  json: string,
  deleted?: (schema: SchemaModel, json: string) => void,
): MaybePromise<void> {
  const guarded = guardedEmbeds(schema);
  if (guarded.length === 0) return undefined;
  const record = JSON.parse(json) as Record<string, unknown>;
  return each(guarded, (relation) => {
    const key = record[relation.column];
    const other = stores.get(relation.other.name);
    if (key === undefined || key === null || !other) return undefined;
    const text = String(key);
    if (relation.onDelete === 'restrict')
      return after(other.get([relation.otherColumn], [text]), (found) => {
        if (found !== undefined)
          throw new DomainError(
            'conflict',
            httpMessages.deleteRestricted(schema.name, `${relation.other.name}.${relation.otherColumn}`),
          );
      });
    return after(other.deleteWhere(relation.otherColumn, text), (rows) =>
      each(rows, (row) => {
        deleted?.(relation.other, row);
        return applyOnDelete(stores, relation.other, row, deleted);
      }),
    );
  });
}
