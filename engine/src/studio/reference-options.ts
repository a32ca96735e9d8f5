/**
 * The records a reference field can point at, for the data browser's pick lists: the referenced
 * value (the key, or the unique field named by `references: User.slug`) with a readable label.
 */
import type { ReferenceOptions, ReferenceOptionsQuery } from '../../../shared/src/studio-contract.js';
import type { Engine } from '../engine.js';
import { DomainError } from '../domain-error.js';
import type { FieldModel, SchemaModel } from '../model/service-model.js';
import { parseListQuery } from '../list/list-query.js';
import { storeFor } from './tables.js';

/** Names that read as a record's label, best first (compared without case). */
const LABEL_NAMES = ['name', 'title', 'label', 'fullname', 'displayname', 'username', 'login', 'email', 'slug', 'code'];

/** Options a pick list shows at most; the search narrows the rest. */
export const MAX_OPTIONS = 50;

/**
 * The field whose value names a record for a person: a field called name, title… else the first
 * required or unique text field, else the first text field; never the referenced field itself.
 */
export function labelFieldOf(schema: SchemaModel, valueField: string): FieldModel | undefined {
  const text = schema.fields.filter((f) => f.type === 'string' && f.name !== valueField && !f.references);
  for (const name of LABEL_NAMES) {
    const found = text.find((f) => f.name.toLowerCase() === name);
    if (found) return found;
  }
  return text.find((f) => f.required || f.unique) ?? text[0];
}

export async function referenceOptions(engine: Engine, query: ReferenceOptionsQuery): Promise<ReferenceOptions> {
  const { schema } = storeFor(engine, query.table);
  const reference = schema.fieldMap.get(query.field)?.references;
  if (!reference)
    throw new DomainError('invalid', `Field '${query.field}' of ${query.table} references no other record.`);
  const target = engine.tableStore(reference.schema);
  if (!target) throw new DomainError('not_found', `No table for ${reference.schema} in the live config.`);
  const label = labelFieldOf(target.schema, reference.field);
  const list = parseListQuery(target.schema, undefined, []);
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  if (search !== '')
    list.conditions.push({
      kind: 'contains',
      columns: label ? [reference.field, label.name] : [reference.field],
      text: search,
    });
  const limit = query.limit;
  list.limit = typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? Math.min(limit, 200) : MAX_OPTIONS;
  const { body, total } = await target.list(list);
  const records = JSON.parse(body) as Record<string, unknown>[];
  return {
    table: target.schema.table,
    field: reference.field,
    ...(label ? { labelField: label.name } : {}),
    options: records.flatMap((r) => {
      const value = r[reference.field];
      if (typeof value !== 'string' && typeof value !== 'number') return [];
      const text = label ? r[label.name] : undefined;
      return [typeof text === 'string' && text !== '' ? { value, label: text } : { value }];
    }),
    total,
  };
}
