import type { FieldSummary } from '../../../shared/src/service-summary';

/**
 * A value of the field's type to start from: its default when it has one (what a create without it
 * stores), else a plain value of the type, so the body is valid JSON the user only has to edit.
 */
export function placeholderFor(field: FieldSummary): unknown {
  if (field.default !== undefined) return field.default;
  switch (field.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'datetime':
      return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    case 'json':
      return {};
    default:
      // A table left by a removed schema knows only SQLite types.
      return null;
  }
}

/**
 * The JSON body for a create or update of a table with these fields: required fields first, then
 * the rest in schema order. Ids the database assigns are left out: the mock makes them, and a
 * placeholder id would clash with the first row.
 */
export function bodySkeleton(fields: readonly FieldSummary[]): string {
  const sendable = fields.filter((f) => f.autoId === undefined);
  const ordered = [...sendable.filter((f) => f.required), ...sendable.filter((f) => !f.required)];
  return JSON.stringify(Object.fromEntries(ordered.map((f) => [f.name, placeholderFor(f)])), null, 2);
}
