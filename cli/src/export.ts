import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportGraphqlSdl, exportOpenApiText } from '../../engine/src/index.js';
import { printProblems, readConfig } from './config-input.js';
import { fail } from './exit.js';
import { type Colors, displayPath } from './format.js';

/**
 * `mockyard export CONFIG [-o openapi.yaml|openapi.json]`: the description on stdout, or in the file;
 * `--graphql`: the SDL of the config's GraphQL API instead.
 */
export async function exportCommand(args: string[], c: Colors): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
      graphql: { type: 'boolean' },
      color: { type: 'boolean' },
      'no-color': { type: 'boolean' },
    },
  });
  const { path, text } = readConfig(positionals[0]);
  const format = values.json || values.output?.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
  const result = values.graphql ? await exportGraphqlSdl(text, path) : await exportOpenApiText(text, path, format);
  if (!result.ok) {
    printProblems(path, result.problems, c);
    fail(`${displayPath(path)} is not valid; fix the problems above before exporting.`, 1);
  }
  if (!values.output) {
    process.stdout.write(result.text);
    return;
  }
  const out = resolve(values.output);
  try {
    writeFileSync(out, result.text);
  } catch (err) {
    fail(`cannot write ${displayPath(out)}: ${(err as Error).message}`, 1);
  }
  process.stdout.write(
    `${c.green('✓')} Wrote the ${values.graphql ? 'GraphQL SDL' : 'OpenAPI 3.1 description'} of ${displayPath(path)} to ${displayPath(out)}\n`,
  );
}
