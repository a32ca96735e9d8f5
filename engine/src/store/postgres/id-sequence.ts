/**
 * The id sequence of an integer auto id, kept ahead of the ids in the table. A client may give an
 * id itself (as SQLite allows, picking max(id) + 1 afterwards); the sequence must then move past it,
 * or a later id the database picks meets it.
 */
import type { FieldModel, SchemaModel } from '../../model/service-model.js';
import { DomainError } from '../../domain-error.js';
import type { Connection } from './connection.js';
import { ident, primaryKeyName } from './sql.js';
import type { PgValue } from './values.js';

/**
 * `, (SELECT setval(…))` for a create's final SELECT over the written row `w`: moves the sequence
 * of `table` (its qualified name) past the id the row was given. Its parameters go onto `params`.
 */
export function sequenceBump(table: string, id: FieldModel, params: PgValue[]): string {
  params.push(table, id.name);
  const column = `w.${ident(id.name)}`;
  return `, (SELECT setval(q.s, ${column}) FROM (SELECT pg_get_serial_sequence($${params.length - 1}, $${params.length})::regclass AS s) q WHERE coalesce(pg_sequence_last_value(q.s), 0) < ${column})`;
}

/** Moves the sequence to the largest id in the table (the id it gave was taken by a row written with that id). */
export async function sequenceToMax(connection: Connection, table: string, id: FieldModel): Promise<void> {
  await connection.query(
    `SELECT setval(pg_get_serial_sequence($1, $2), (SELECT max(${ident(id.name)}) FROM ${table}))`,
    [table, id.name],
  );
}

/** The id the sequence gave last (0 when it gave none yet): the next automatic id follows it. */
export async function sequenceLast(connection: Connection, table: string, id: FieldModel): Promise<number> {
  const rows = await connection.query(
    'SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence($1::text, $2::text)::regclass), 0)',
    [table, id.name],
  );
  return Number(rows[0]?.[0]);
}

/** Moves the sequence past the largest id in the table when it is behind it (after rows written with their own ids). */
export async function sequencePastMax(connection: Connection, table: string, id: FieldModel): Promise<void> {
  await connection.query(
    `SELECT setval(pg_get_serial_sequence($1::text, $2::text), max(${ident(id.name)})) FROM ${table} HAVING max(${ident(id.name)}) > coalesce(pg_sequence_last_value(pg_get_serial_sequence($1::text, $2::text)::regclass), 0)`,
    [table, id.name],
  );
}

/** Whether a failed insert (`err`, turned into `failure`) met an existing primary key. */
export function isIdConflict(schema: SchemaModel, err: unknown, failure: unknown): boolean {
  return (
    failure instanceof DomainError &&
    failure.kind === 'conflict' &&
    (err as { constraint?: unknown }).constraint === primaryKeyName(schema.table)
  );
}

const PAST_SAFE = 'passes the safe integer range';

/**
 * `, CASE …` for a create's final SELECT over the written row `w`: fails the statement (so the row
 * is not written) when the id the sequence gave passes 2^53 − 1, which a JSON client cannot read
 * exactly. The failure is a cast of text naming the id, recognised by `isIdGuard`.
 */
export function idGuard(id: FieldModel): string {
  const column = `w.${ident(id.name)}`;
  return `, CASE WHEN ${column} > ${Number.MAX_SAFE_INTEGER} THEN ('id ' || ${column}::text || ' ${PAST_SAFE}')::int END`;
}

/** Whether a failed create is `idGuard`'s refusal. */
export function isIdGuard(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e?.code === '22P02' && typeof e.message === 'string' && e.message.includes(PAST_SAFE);
}
