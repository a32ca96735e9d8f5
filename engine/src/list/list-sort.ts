import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import type { SchemaModel } from '../model/service-model.js';
import { jsonParam } from './json-param.js';
import { fieldPath, plainPath } from './json-path.js';
import type { SortKey } from './list-query.js';

/** simple-REST's `sort=["name","DESC"]`. */
export function jsonSortKeys(schema: SchemaModel, raw: string, extraField?: string): SortKey[] {
  const [column, order] = jsonParam(
    'sort',
    raw,
    'a JSON array [field, "ASC" or "DESC"]',
    (v) =>
      Array.isArray(v) &&
      (v.length === 1 || v.length === 2) &&
      typeof v[0] === 'string' &&
      (v[1] === undefined || (typeof v[1] === 'string' && /^(asc|desc)$/i.test(v[1]))),
  ) as [string, string | undefined];
  return [sortKey(schema, column, order?.toLowerCase() === 'desc', extraField)];
}

/**
 * A sort by one field or a path inside a json field (`resource.name`), or `invalid` naming a field the
 * schema does not have. With `extraField` (json-server mode's json field of undeclared fields), a name
 * the schema does not declare sorts by that name inside it, as json-server sorts by any field a record has.
 */
export function sortKey(schema: SchemaModel, column: string, descending: boolean, extraField?: string): SortKey {
  if (schema.fieldMap.has(column)) return { column, descending };
  const inside = fieldPath(schema, column);
  const extra =
    !inside && extraField && schema.fieldMap.get(extraField)?.type === 'json' ? plainPath(column) : undefined;
  if (extra && extraField) return { column: extraField, descending, path: extra };
  if (!inside) throw new DomainError('invalid', httpMessages.sortUnknownField(column, schema.name));
  return { column: inside.field.name, descending, path: inside.path };
}

/** `_sort=name,-age` or `_sort=name&_order=desc`; an empty `_sort` or an `_order` other than asc/desc is a 400. */
export function sortKeys(
  schema: SchemaModel,
  sort: string | undefined,
  order: string | undefined,
  extraField?: string,
): SortKey[] {
  const orders = order === undefined ? [] : order.split(',').map((o) => o.trim().toLowerCase());
  if (order !== undefined && !orders.every((o) => o === 'asc' || o === 'desc'))
    throw new DomainError(
      'invalid',
      httpMessages.queryWrongType('_order', 'asc or desc (comma-separated for several)', order),
    );
  if (sort === undefined) return [];
  if (sort.trim() === '')
    throw new DomainError('invalid', httpMessages.queryWrongType('_sort', 'field names separated by commas', sort));
  return sort.split(',').map((name, i) => {
    let column = name.trim();
    let descending = orders[i] === 'desc' || (orders.length === 1 && orders[0] === 'desc');
    if (column.startsWith('-')) {
      column = column.slice(1);
      descending = true;
    }
    return sortKey(schema, column, descending, extraField);
  });
}
