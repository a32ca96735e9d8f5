/**
 * How a studio call fails, the same over Electron IPC and the browser studio's HTTP: the engine's
 * own message plus one code from a small closed set, so the UI can tell "fix your input" from
 * "try again" without parsing messages.
 *
 * - `invalid`: the call's arguments or the data it carries were refused (a wrong-typed cell, a missing
 *   required field, a bad port); the message says what to fix.
 * - `not_found`: the table, row, request or call named does not exist (any more).
 * - `conflict`: the call clashes with what is there: a duplicate unique key, or a state that does not
 *   allow it (replaying a request while the server is stopped).
 * - `busy`: the database is locked or not open right now; the same call may work a moment later.
 * - `refused`: the caller may not make this call (a foreign frame, a missing studio token).
 * - `failed`: anything else (a full disk, a damaged database, a file that cannot be written).
 */
export const STUDIO_ERROR_CODES = ['invalid', 'not_found', 'conflict', 'busy', 'refused', 'failed'] as const;
export type StudioErrorCode = (typeof STUDIO_ERROR_CODES)[number];

/** The error a call rejects with, as it travels: over IPC in an envelope, over HTTP as the JSON body. */
export interface CallError {
  error: string;
  code: StudioErrorCode;
  /** The record field the error is about (a required field left empty, a unique clash), when there is one. */
  field?: string;
}

/**
 * What an IPC call resolves to. Electron keeps only the message of an error thrown by a handler
 * (prefixed with "Error invoking remote method …"), so handlers never throw across IPC: they resolve
 * to this, and the renderer turns a failure back into a StudioError.
 */
export type CallOutcome<T> = { ok: true; value: T } | { ok: false; error: CallError };

/** The typed error a studio client throws when a call fails, on either transport. */
export class StudioError extends Error {
  constructor(
    readonly code: StudioErrorCode,
    message: string,
    /** The record field the message is about, so a form can show it on that field's input. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'StudioError';
  }

  /** The error as it travels. */
  toCallError(): CallError {
    return this.field === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, field: this.field };
  }
}

export const isStudioErrorCode = (value: unknown): value is StudioErrorCode =>
  typeof value === 'string' && (STUDIO_ERROR_CODES as readonly string[]).includes(value);

/** Rebuilds the typed error from what travelled; a body without a known code counts as `failed`. */
export function studioErrorFrom(value: unknown, fallback: string): StudioError {
  const { error, code, field } = (value !== null && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return new StudioError(
    isStudioErrorCode(code) ? code : 'failed',
    typeof error === 'string' && error !== '' ? error : fallback,
    typeof field === 'string' && field !== '' ? field : undefined,
  );
}

/**
 * The result of an IPC call, or its StudioError thrown. A rejected invoke (no handler, the main
 * process gone) is not the engine's answer: it becomes `failed` with Electron's message.
 */
export async function settleOutcome<T>(outcome: Promise<CallOutcome<T>>): Promise<T> {
  let settled: CallOutcome<T>;
  try {
    settled = await outcome;
  } catch (err) {
    throw new StudioError('failed', err instanceof Error ? err.message : String(err));
  }
  if (settled.ok) return settled.value;
  throw studioErrorFrom(settled.error, 'The call failed.');
}
