import { resolve } from 'node:path';
import { exportGraphqlSdl, exportOpenApiText } from '../../engine/src/index.js';
import { commandArgs, OUTPUT_OPTION } from './command-args.js';
import { printProblems, readConfig } from './config-input.js';
import { fail } from './exit.js';
import { type Colors, displayPath } from './format.js';
import { writeOutputFile } from './output-file.js';

/**
 * `mockyard export CONFIG [-o openapi.yaml|openapi.json]`: the description on stdout, or in the file;
 * `--graphql`: the SDL of the config's GraphQL API instead.
 */
export async function exportCommand(args: string[], c: Colors): Promise<void> {
  const { values, positionals } = commandArgs(args, {
    ...OUTPUT_OPTION,
    json: { type: 'boolean' },
    graphql: { type: 'boolean' },
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
  await writeOutputFile(out, result.text, true);
  process.stdout.write(
    `${c.green('✓')} Wrote the ${values.graphql ? 'GraphQL SDL' : 'OpenAPI 3.1 description'} of ${displayPath(path)} to ${displayPath(out)}\n`,
  );
}
