/** The parameters of exported operations: path parameters typed by the field they name, and a list's query. */
import { type FilterOperator, filterOperatorsFor, LIST_PARAM, MAX_LIMIT } from '../../../shared/src/list-dialect.js';
import type { SchemaModel } from '../model/service-model.js';
import { fieldSchema } from './export-fields.js';
import type { Obj } from './schema-walk.js';

/** `/users/:id` → `/users/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** `_sort`'s value: field names, comma-separated, each maybe with a leading `-`. */
function sortPattern(schema: SchemaModel): string {
  const names = schema.fields.map((f) => f.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return `^-?(${names})(,-?(${names}))*$`;
}

const operatorDoc = (op: FilterOperator): string =>
  op === 'ne' ? 'Not equal.' : op === 'like' ? 'Substring, case-insensitive.' : `Compare (${op}).`;

export function listParameters(schema: SchemaModel): Obj[] {
  const params: Obj[] = [
    {
      name: LIST_PARAM.page,
      in: 'query',
      description: 'Page number, from 1.',
      schema: { type: 'integer', minimum: 1 },
    },
    {
      name: LIST_PARAM.limit,
      in: 'query',
      description: `Records per page (at most ${MAX_LIMIT}).`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
    },
    {
      name: LIST_PARAM.sort,
      in: 'query',
      description: 'Fields to sort by, comma-separated; `-name` sorts descending.',
      schema: { type: 'string', pattern: sortPattern(schema) },
    },
    {
      name: LIST_PARAM.order,
      in: 'query',
      description: 'Sort direction for `_sort`.',
      schema: { type: 'string', enum: ['asc', 'desc'] },
    },
    { name: LIST_PARAM.search, in: 'query', description: 'Substring of any text field.', schema: { type: 'string' } },
  ];
  for (const field of schema.fields) {
    if (field.type === 'json') continue;
    const value = fieldSchema({ type: field.type, default: undefined });
    params.push({ name: field.name, in: 'query', description: `Equals (repeat for any of).`, schema: value });
    for (const op of filterOperatorsFor(field.type))
      params.push({ name: `${field.name}_${op}`, in: 'query', description: operatorDoc(op), schema: value });
  }
  return params;
}

export function pathParameters(path: string, schema: SchemaModel | undefined, key: string | undefined): Obj[] {
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
  return names.map((name, i) => {
    const column = i === names.length - 1 && key ? key : name;
    const field = schema?.fieldMap.get(column);
    return {
      name,
      in: 'path',
      required: true,
      // A path segment is never empty.
      schema:
        !field || field.type === 'string'
          ? { type: 'string', minLength: 1 }
          : fieldSchema({ type: field.type, default: undefined }),
    };
  });
}
