/**
 * `mockyard export-data db.json [-o OUT.json] [--db FILE] [--id F] [--fks S]`: the rows a
 * `mockyard serve db.json` keeps in SQLite, written back as a json-server db.json (by default over
 * the db.json itself, atomically).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DbJsonError,
  databaseJson,
  Engine,
  jsonServerData,
  jsonServerSetup,
  readErrorReason,
  writeAtomically,
} from '../../engine/src/index.js';
import { counted } from '../../shared/src/plural.js';
import { databaseOption } from './database-option.js';
import { fail, usage } from './exit.js';
import { type Colors, displayPath } from './format.js';

export async function exportDataCommand(args: string[], c: Colors): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      db: { type: 'string' },
      id: { type: 'string' },
      fks: { type: 'string' },
      color: { type: 'boolean' },
      'no-color': { type: 'boolean' },
    },
  });
  const input = positionals[0];
  if (!input) usage('missing DB.json (the json-server database that `mockyard serve` serves)');
  const path = resolve(input);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    fail(`cannot read ${input}: ${readErrorReason(err)}`, 1);
  }
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
    await writeAtomically(out, `${JSON.stringify(db, null, 2)}\n`);
    const rows = Object.values(db).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
    process.stdout.write(`${c.green('✓')} Wrote ${counted(rows, 'row')} to ${displayPath(out)}\n`);
  } finally {
    await engine.stop();
  }
}
