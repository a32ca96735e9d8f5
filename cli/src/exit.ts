/** How a command ends when it cannot go on: a line on stderr and an exit code. */

/** The exit codes, as --help lists them. */
export const EXIT = { ok: 0, invalid: 1, usage: 2, failed: 3 } as const;

/** A usage error and exit 2, with a pointer to --help. */
export function usage(message: string): never {
  process.stderr.write(`mockyard: ${message}\nRun 'mockyard --help' for usage.\n`);
  process.exit(EXIT.usage);
}

/** One error line and an exit code; the process ends once stderr is written. */
export function fail(message: string, code: number): never {
  process.stderr.write(`mockyard: ${message}\n`);
  process.exit(code);
}
