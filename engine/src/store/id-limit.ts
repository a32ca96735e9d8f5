/**
 * Automatic integer ids stop at 2^53 − 1, the largest integer a JSON client reads exactly: a write
 * that would need a larger one is refused (`out_of_ids`, HTTP's 507) and writes nothing. A create
 * checks its own id; a bulk insert (data import, generated rows, a restore) finds the first row that
 * would pass, before anything is written.
 */
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import type { SchemaModel } from '../model/service-model.js';
import type { PreparedInsert, RefusedInsert } from './store.js';

/** The refusal of an id past 2^53 − 1 for `schema`. */
export const idsExhausted = (schema: SchemaModel): DomainError =>
  new DomainError('failed', httpMessages.idsExhausted(schema.name), { detail: 'out_of_ids' });

/**
 * The row number of the first row of a bulk insert whose automatic id would pass 2^53 − 1, or
 * undefined. `largest` is the id the next automatic one follows; `givenIdsMove`: an id a row gives
 * itself moves it on when larger (SQLite's AUTOINCREMENT), or does not (a PostgreSQL sequence,
 * moved past the given ids only after the rows).
 */
export function firstRowPastIdLimit(
  rows: readonly (PreparedInsert | RefusedInsert)[],
  idName: string,
  largest: number,
  givenIdsMove: boolean,
): number | undefined {
  let next = largest;
  for (const p of rows) {
    if ('refused' in p) return undefined;
    const given = p.record[idName];
    if (typeof given === 'number') {
      if (givenIdsMove && given > next) next = given;
    } else if (++next > Number.MAX_SAFE_INTEGER) return p.row;
  }
  return undefined;
}
