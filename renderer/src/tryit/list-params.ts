import { filterOperatorsFor, LIST_PARAM, MAX_LIMIT } from '../../../shared/src/list-dialect';
import type { FieldSummary } from '../../../shared/src/service-summary';

/** A query parameter a list endpoint understands, with a value to start from. */
export interface ListParam {
  name: string;
  value: string;
  hint: string;
}

/** The list endpoint's own parameters (shared/src/list-dialect.ts names them). */
export function listParams(fields: readonly FieldSummary[]): ListParam[] {
  const sortable = fields.find((f) => f.autoId === undefined)?.name ?? fields[0]?.name ?? 'id';
  return [
    { name: LIST_PARAM.page, value: '1', hint: 'Page number, from 1' },
    { name: LIST_PARAM.limit, value: '10', hint: `Rows per page (at most ${MAX_LIMIT})` },
    { name: LIST_PARAM.sort, value: sortable, hint: 'Field to sort by; -field or a list: name,-age' },
    { name: LIST_PARAM.order, value: 'asc', hint: 'asc or desc' },
    { name: LIST_PARAM.search, value: '', hint: 'Text to look for in the text and date fields' },
  ];
}

/**
 * Filter names for a field: equality, `_ne`, and the operators its type supports (`_like` for text,
 * `_gte`/`_lte`/`_gt`/`_lt` for numbers and dates), offered as the query name input's suggestions.
 */
export function filterNames(fields: readonly FieldSummary[]): string[] {
  return fields.flatMap((f) => [f.name, ...filterOperatorsFor(f.type).map((op) => `${f.name}_${op}`)]);
}
