import { hasErrors } from '../../shared/src/problems.js';
import { validateConfig } from '../../engine/src/index.js';
import { commandArgs } from './command-args.js';
import { printProblems, readConfig } from './config-input.js';
import { EXIT } from './exit.js';
import { type Colors, displayPath } from './format.js';

/** `mockyard validate CONFIG`: prints every problem; exit 1 when one is an error. */
export async function validate(args: string[], c: Colors): Promise<void> {
  const { positionals } = commandArgs(args, {});
  const { path, text } = readConfig(positionals[0]);
  const { problems } = await validateConfig(text, { configPath: path });
  printProblems(path, problems, c);
  if (hasErrors(problems)) {
    const n = problems.filter((p) => p.severity === 'error').length;
    process.stderr.write(c.red(`${n} error${n === 1 ? '' : 's'} in ${displayPath(path)}\n`));
    process.exitCode = EXIT.invalid;
    return;
  }
  process.stdout.write(`${c.green('✓')} ${displayPath(path)} is valid\n`);
}
