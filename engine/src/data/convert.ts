import type { FieldModel } from '../model/service-model.js';

/**
 * A CSV cell (always text) as the value a field expects: numbers, booleans, JSON; empty is null.
 * Returns the text unchanged when it does not convert, so the row check reports it clearly.
 */
export function fromCsvCell(field: FieldModel, text: string): unknown {
  if (text === '') return null;
  switch (field.type) {
    case 'integer':
    case 'number': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n) ? n : text;
    }
    case 'boolean': {
      const lower = text.trim().toLowerCase();
      if (['true', '1', 'yes'].includes(lower)) return true;
      if (['false', '0', 'no'].includes(lower)) return false;
      return text;
    }
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** A value as a CSV cell: JSON fields and objects as JSON text, null as empty. */
export function toCsvCell(field: FieldModel | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field?.type === 'json' || typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
