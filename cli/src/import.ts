import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { counted } from '../../shared/src/plural.js';
import { DbJsonError, importDbJson, importOpenApi, jsonServerData, seedDatabaseFile } from '../../engine/src/index.js';
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

/**
 * Rows too large for `seed:` go into the SQLite file the config names (`api.yaml` → `api.sqlite`
 * beside it): written under a temporary name and renamed into place, so a failed import leaves no
 * half-filled database; an existing one is replaced only with --force.
 */
async function writeRows(
  out: string,
  result: Awaited<ReturnType<typeof importDbJson>> & { inDatabase: object },
  databaseFile: string,
  force: boolean,
): Promise<void> {
  const database = join(dirname(out), databaseFile);
  if (!force) {
    for (const path of [out, database])
      if (existsSync(path)) fail(`${displayPath(path)} exists; use --force to overwrite it`, 1);
  }
  const temporary = `${database}.import-${process.pid}`;
  try {
    await seedDatabaseFile(result.text, out, temporary, result.inDatabase.seed);
    for (const suffix of ['-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
    renameSync(temporary, database);
  } catch (err) {
    fail(`cannot write the rows to ${displayPath(database)}: ${(err as Error).message}`, 1);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${temporary}${suffix}`, { force: true });
  }
}

/** `mockyard import db.json`: json-server's database as a config (see engine/src/json-server/import-db.ts). */
async function importDb(
  data: Record<string, unknown>,
  input: string,
  out: string,
  options: { id: string | undefined; fks: string | undefined; force: boolean },
  c: Colors,
): Promise<void> {
  const databaseFile = `${basename(out, extname(out))}.sqlite`;
  let result: Awaited<ReturnType<typeof importDbJson>>;
  try {
    result = await importDbJson(data, input, { id: options.id, fks: options.fks, databaseFile });
  } catch (err) {
    if (!(err instanceof DbJsonError)) throw err;
    fail(`cannot import ${input}: ${err.message}`, 1);
  }
  const { inDatabase } = result;
  if (inDatabase) await writeRows(out, { ...result, inDatabase }, databaseFile, options.force);
  await writeOutputFile(out, result.text, options.force);
  const rows = inDatabase
    ? `${counted(result.rows, 'row')} in ${databaseFile} (as seed the config would be ${(inDatabase.inlineBytes / 1024 / 1024).toFixed(1)} MiB, over the 5 MiB limit)`
    : `${counted(result.rows, 'row')} as seed`;
  process.stdout.write(
    `${c.green('✓')} Imported ${input} (json-server database) → ${displayPath(out)}\n  ${counted(result.collections, 'collection')}, ${counted(result.singulars, 'singular resource')}, ${rows}\n`,
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
