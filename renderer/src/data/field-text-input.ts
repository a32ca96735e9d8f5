/**
 * A field's value as the text of its editor (a grid cell or the new-row form) and back. The rules
 * are shared/src/field-text.ts; only the date-time editor differs: a `datetime-local` input, in UTC.
 */
import type { FieldType } from '../../../shared/src/config-schema';
import { type FromText, fromText, toText } from '../../../shared/src/field-text';
import { isFieldType } from '../../../shared/src/field-types';
import { fromLocalInput, toLocalInput } from './datetime-input';

/** A left-over table's columns have SQLite types; their values are edited as text. */
export const typeOf = (type: string): FieldType => (isFieldType(type) ? type : 'string');

/** The editor's text for a value: UTC input text for date-times, indented JSON for json fields. */
export function editorText(type: FieldType, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (type === 'datetime') return toLocalInput(value) || toText(type, value);
  if (type === 'json') return JSON.stringify(value, null, 2);
  return toText(type, value);
}

/** The editor's text as the field's value, or why it is none. */
export const editorValue = (type: FieldType, text: string): FromText =>
  fromText(type, type === 'datetime' ? fromLocalInput(text) : text);

/** Whether an edit changes nothing: the same instant, the same JSON, the same value. */
export function sameValue(type: FieldType, a: unknown, b: unknown): boolean {
  if ((a ?? null) === null || (b ?? null) === null) return (a ?? null) === (b ?? null);
  if (type === 'datetime') return Date.parse(String(a)) === Date.parse(String(b));
  if (type === 'json') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}
