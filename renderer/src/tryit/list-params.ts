import type { FieldSummary } from '../../../shared/src/service-summary';

/** A query parameter a list endpoint understands, with a value to start from. */
export interface ListParam {
  name: string;
  value: string;
  hint: string;
}

/** The list endpoint's own parameters (engine/src/store/list-query.ts reads these). */
export function listParams(fields: readonly FieldSummary[]): ListParam[] {
  const sortable = fields.find((f) => f.autoId === undefined)?.name ?? fields[0]?.name ?? 'id';
  return [
    { name: '_page', value: '1', hint: 'Page number, from 1' },
    { name: '_limit', value: '10', hint: 'Rows per page (at most 100)' },
    { name: '_sort', value: sortable, hint: 'Field to sort by; -field or a list: name,-age' },
    { name: '_order', value: 'asc', hint: 'asc or desc' },
    { name: 'q', value: '', hint: 'Text to look for in the text and date fields' },
  ];
}

const ORDERED = new Set(['integer', 'number', 'datetime']);

/**
 * Filter names for a field: equality, `_ne`, and the operators its type supports (`_like` for text,
 * `_gte`/`_lte`/`_gt`/`_lt` for numbers and dates), offered as the query name input's suggestions.
 */
export function filterNames(fields: readonly FieldSummary[]): string[] {
  return fields.flatMap((f) => {
    const names = [f.name, `${f.name}_ne`];
    if (f.type === 'string') names.push(`${f.name}_like`);
    if (ORDERED.has(f.type)) names.push(`${f.name}_gte`, `${f.name}_lte`, `${f.name}_gt`, `${f.name}_lt`);
    return names;
  });
}
