/**
 * `mockyard export-data db.json [-o OUT.json] [--db FILE] [--id F] [--fks S]`: the rows a
 * `mockyard serve db.json` keeps in SQLite, written back as a json-server db.json (by default over
 * the db.json itself, atomically).
 */
import { resolve } from 'node:path';
import { DbJsonError, databaseJson, Engine, jsonServerData, jsonServerSetup } from '../../engine/src/index.js';
import { counted } from '../../shared/src/plural.js';
import { commandArgs, DB_JSON_KEY_OPTIONS, OUTPUT_OPTION } from './command-args.js';
import { databaseOption } from './database-option.js';
import { readInputFile } from './config-input.js';
import { fail } from './exit.js';
import { type Colors, displayPath } from './format.js';
import { writeOutputFile } from './output-file.js';

export async function exportDataCommand(args: string[], c: Colors): Promise<void> {
  const { values, positionals } = commandArgs(args, {
    ...OUTPUT_OPTION,
    ...DB_JSON_KEY_OPTIONS,
    db: { type: 'string' },
  });
  const {
    name: input,
    path,
    text,
  } = readInputFile(positionals[0], 'missing DB.json (the json-server database that `mockyard serve` serves)');
  const data = jsonServerData(path, text);
  if (!data) fail(`${input} is not a json-server db.json (an object of collections, with no endpoints:)`, 1);
  let setup: ReturnType<typeof jsonServerSetup>;
  try {
    setup = jsonServerSetup(data, { id: values.id, fks: values.fks });
  } catch (err) {
    if (!(err instanceof DbJsonError)) throw err;
    fail(`cannot read ${input}: ${err.message}`, 1);
  }
  const engine = new Engine({
    configPath: path,
    database: databaseOption(values.db),
    log: { enabled: false },
    jsonServer: setup.mode,
  });
  try {
    const applied = await engine.apply(setup.configText);
    const records = engine.records;
    if (!applied.ok || !records)
      fail(`cannot open the database of ${input}: ${applied.problems.map((p) => p.message).join('; ')}`, 1);
    const db = await databaseJson(setup.mode, records);
    const out = resolve(values.output ?? input);
    await writeOutputFile(out, `${JSON.stringify(db, null, 2)}\n`, true);
    const rows = Object.values(db).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
    process.stdout.write(`${c.green('✓')} Wrote ${counted(rows, 'row')} to ${displayPath(out)}\n`);
  } finally {
    await engine.stop();
  }
}
