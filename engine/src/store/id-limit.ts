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
 * Follows the automatic ids of a bulk insert row by row: `largest` is the id the next automatic one
 * follows; `givenIdsMove`: an id a row gives itself moves it on when larger (SQLite's AUTOINCREMENT),
 * or does not (a PostgreSQL sequence, moved past the given ids only after the rows).
 */
export class AutoIds {
  private next: number;

  constructor(
    private readonly idName: string,
    largest: number,
    private readonly givenIdsMove: boolean,
  ) {
    this.next = largest;
  }

  /** Whether `record`'s automatic id (when it takes one) would pass 2^53 − 1. */
  passesLimit(record: Record<string, unknown>): boolean {
    const given = record[this.idName];
    if (typeof given === 'number') {
      if (this.givenIdsMove && given > this.next) this.next = given;
      return false;
    }
    return ++this.next > Number.MAX_SAFE_INTEGER;
  }
}

/** The row number of the first row of a bulk insert whose automatic id would pass 2^53 − 1 (see AutoIds), or undefined. */
export function firstRowPastIdLimit(
  rows: readonly (PreparedInsert | RefusedInsert)[],
  idName: string,
  largest: number,
  givenIdsMove: boolean,
): number | undefined {
  const ids = new AutoIds(idName, largest, givenIdsMove);
  for (const p of rows) {
    if ('refused' in p) return undefined;
    if (ids.passesLimit(p.record)) return p.row;
  }
  return undefined;
}
