/** A command's words as parseArgs reads them: its own options, the ones every command takes, and its positionals. */
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** --color and --no-color: main.ts reads them before the command runs, so every command accepts them. */
const COLOR_OPTIONS = { color: { type: 'boolean' }, 'no-color': { type: 'boolean' } } as const;

/** `-o FILE`: where a command that writes a file writes it. */
export const OUTPUT_OPTION = { output: { type: 'string', short: 'o' } } as const;

/** json-server's `--id` and `--fks`: how a db.json's keys and references are named (serve, import, export-data). */
export const DB_JSON_KEY_OPTIONS = { id: { type: 'string' }, fks: { type: 'string' } } as const;

/** What parseArgs gives for a command's own options plus the color ones. */
export type CommandArgs<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof COLOR_OPTIONS & T }>
>;

/** The command's options and positionals; an unknown option throws ERR_PARSE_ARGS_*, which main.ts reports as usage. */
export function commandArgs<const T extends Options>(args: string[], options: T): CommandArgs<T> {
  return parseArgs({ args, allowPositionals: true, options: { ...COLOR_OPTIONS, ...options } });
}
