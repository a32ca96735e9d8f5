import { readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { counted } from '../../shared/src/plural.js';
import { DbJsonError, importDbJson, importOpenApi, jsonServerData } from '../../engine/src/index.js';
import { commandArgs, DB_JSON_KEY_OPTIONS, OUTPUT_OPTION } from './command-args.js';
import { fail, usage } from './exit.js';
import { type Colors, displayPath } from './format.js';
import { writeOutputFile } from './output-file.js';

const isUrl = (s: string): boolean => /^https?:\/\//i.test(s);

/** `petstore.yaml` → `petstore.mockyard.yaml`; a URL's last segment likewise. */
function defaultOutput(source: string): string {
  const last = isUrl(source)
    ? (new URL(source).pathname.split('/').filter(Boolean).pop() ?? 'openapi')
    : basename(source);
  const stem = basename(last, extname(last)) || 'openapi';
  return `${stem}.mockyard.yaml`;
}

/** A json-server db.json at `path` (parsed), or undefined for anything else (an OpenAPI description). */
function dbJsonAt(path: string): Record<string, unknown> | undefined {
  if (!path.toLowerCase().endsWith('.json')) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const data = jsonServerData(path, text);
  // An OpenAPI or Swagger description in JSON is imported as one.
  return data && !('openapi' in data) && !('swagger' in data) ? data : undefined;
}

/** `mockyard import db.json`: json-server's database as a config (see engine/src/json-server/import-db.ts). */
async function importDb(
  data: Record<string, unknown>,
  input: string,
  out: string,
  options: { id: string | undefined; fks: string | undefined; force: boolean },
  c: Colors,
): Promise<void> {
  let result: Awaited<ReturnType<typeof importDbJson>>;
  try {
    result = await importDbJson(data, input, { id: options.id, fks: options.fks });
  } catch (err) {
    if (!(err instanceof DbJsonError)) throw err;
    fail(`cannot import ${input}: ${err.message}`, 1);
  }
  await writeOutputFile(out, result.text, options.force);
  process.stdout.write(
    `${c.green('✓')} Imported ${input} (json-server database) → ${displayPath(out)}\n  ${counted(result.collections, 'collection')}, ${counted(result.singulars, 'singular resource')}, ${counted(result.rows, 'row')} as seed\n`,
  );
  process.stdout.write(c.dim(`Serve it: mockyard serve ${displayPath(out)}\n`));
}

/** `mockyard import FILE|URL [-o OUT.yaml] [--force] [--allow-private-refs]`. */
export async function importCommand(args: string[], c: Colors): Promise<void> {
  const { values, positionals } = commandArgs(args, {
    ...OUTPUT_OPTION,
    ...DB_JSON_KEY_OPTIONS,
    force: { type: 'boolean' },
    'allow-private-refs': { type: 'boolean' },
  });
  const input = positionals[0];
  if (!input) usage('missing FILE or URL (an OpenAPI or Swagger description)');
  const source = isUrl(input) ? input : resolve(input);
  const out = resolve(values.output ?? defaultOutput(input));
  if (!isUrl(input)) {
    const data = dbJsonAt(source);
    if (data) return importDb(data, input, out, { id: values.id, fks: values.fks, force: values.force === true }, c);
  }
  let result: Awaited<ReturnType<typeof importOpenApi>>;
  try {
    result = await importOpenApi(source, input, { allowPrivateRefs: values['allow-private-refs'] === true });
  } catch (err) {
    const message = (err as Error).message.split('\n')[0] ?? String(err);
    fail(`cannot import ${input}: ${message.replace(source, input)}`, 1);
  }
  // Over an existing config only with --force (see writeOutputFile).
  await writeOutputFile(out, result.text, values.force === true);
  const { summary, renames, skipped } = result;
  const o = process.stdout;
  o.write(`${c.green('✓')} Imported ${input} (${result.title}) → ${displayPath(out)}\n`);
  o.write(
    `  ${summary.schemas} ${summary.schemas === 1 ? 'schema' : 'schemas'}, ${counted(summary.schemaEndpoints, 'schema-backed endpoint')}, ${counted(summary.staticEndpoints, 'static endpoint')}\n`,
  );
  if (renames.length > 0) {
    o.write(`Renamed (${renames.length}):\n`);
    for (const r of renames) o.write(`  ${r.pointer}: ${r.from} → ${r.to}\n`);
  }
  if (skipped.length > 0) {
    o.write(`Not carried over (${skipped.length}):\n`);
    for (const s of skipped) o.write(`  ${c.yellow(s.pointer)}: ${s.reason}\n`);
  }
  o.write(c.dim(`Serve it: mockyard serve ${displayPath(out)}\n`));
}
