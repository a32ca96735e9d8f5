import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportOpenApiText, readErrorReason } from '../../engine/src/index.js';
import { type Colors, displayPath, formatProblem } from './format.js';

type Fail = (message: string, code: number) => never;

/** `mockyard export CONFIG [-o openapi.yaml|openapi.json]`: the description on stdout, or in the file. */
export async function exportCommand(args: string[], c: Colors, fail: Fail, usage: (m: string) => never): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
      color: { type: 'boolean' },
      'no-color': { type: 'boolean' },
    },
  });
  const file = positionals[0];
  if (!file) usage('missing CONFIG (a YAML file)');
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    fail(`cannot read ${file}: ${readErrorReason(err)}`, 1);
  }
  const format = values.json || values.output?.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
  const result = await exportOpenApiText(text, path, format);
  if (!result.ok) {
    for (const p of result.problems) process.stderr.write(`${formatProblem(path, p, c)}\n`);
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
    `${c.green('✓')} Wrote the OpenAPI 3.1 description of ${displayPath(path)} to ${displayPath(out)}\n`,
  );
}
