import { usage } from './exit.js';
import { colors } from './format.js';
import { HELP } from './help.js';
import { serve } from './serve.js';
import { validate } from './validate.js';
import { version } from './version.js';

/** --no-color wins, then --color, then NO_COLOR (https://no-color.org), then FORCE_COLOR, then whether stdout is a terminal. */
function colorWanted(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  if (argv.includes('--no-color')) return false;
  if (argv.includes('--color')) return true;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return process.stdout.isTTY === true;
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const c = colors(colorWanted(argv, process.env));
  try {
    switch (command) {
      case 'serve':
        return await serve(rest, c);
      case 'studio':
        // The studio (and its UI server, faker, CSV…) loads only for this command.
        return await (await import('./studio.js')).studio(rest, c);
      case 'validate':
        return await validate(rest, c);
      case 'import':
        return await (await import('./import.js')).importCommand(rest, c);
      case 'export-data':
        return await (await import('./export-data.js')).exportDataCommand(rest, c);
      case 'export':
        return await (await import('./export.js')).exportCommand(rest, c);
      case 'schema':
        process.stdout.write(
          `${JSON.stringify((await import('../../shared/src/json-schema.js')).configJsonSchema(), null, 2)}\n`,
        );
        return;
      case '-v':
      case '--version':
        process.stdout.write(`${version()}\n`);
        return;
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        process.stdout.write(`${HELP}\n`);
        return;
      default:
        usage(`unknown command '${command}'`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) usage((err as Error).message);
    throw err;
  }
}
