import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';

/** A query parameter holding JSON (simple-REST's `sort`, `range`, `filter`), or 400 naming it. */
export function jsonParam(param: string, raw: string, expected: string, fits: (value: unknown) => boolean): unknown {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (value === undefined || !fits(value))
    throw new DomainError('invalid', httpMessages.queryWrongType(param, expected, raw));
  return value;
}

/** A whole number of at least 0, as a JSON value. */
export const wholeNumber = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
