import { type FromText, fromText, toText } from '../../../shared/src/field-text.js';
import type { FieldModel } from '../model/service-model.js';

/**
 * A CSV cell (always text) as the value a field expects, by the rules every text input follows
 * (field-text.ts), with one rule of CSV's own: an empty cell is null for text fields too. CSV cannot
 * tell null from empty text and an export writes null as an empty cell, so an export imports back
 * with its nulls, and a required text field left empty is reported missing.
 */
export function fromCsvCell(field: FieldModel, text: string): FromText {
  return text === '' ? { ok: true, value: null } : fromText(field.type, text);
}

/** A value as a CSV cell: JSON fields as JSON text, null as empty; `fromCsvCell` reads it back. */
export function toCsvCell(field: FieldModel, value: unknown): string {
  return toText(field.type, value);
}
