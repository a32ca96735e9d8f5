/**
 * Merging an imported config (an OpenAPI import) into the one being edited: the imported schemas,
 * endpoints and their seed rows are added beside the current ones, through comment-keeping edits, so
 * nothing already written changes. A clash is resolved, never overwritten, and said: a schema of the
 * same name and the same fields is the same schema (kept once); one with other fields is added under
 * a new name (and the imported endpoints, references and seed rows follow it); an imported endpoint
 * whose method and path the config already serves is left out and the config's own is kept.
 */
import { parseDocument } from 'yaml';
import { applyEdits, insertAt, modify } from './config-edit/index.js';
import { deepEqual } from './config-edit/equal.js';
import { tableNameFor } from './table-name.js';

export interface MergeOutcome {
  /** The current text with the imported parts added. */
  text: string;
  /** Schemas added, under the name they got. */
  addedSchemas: string[];
  addedEndpoints: number;
  /** Imported schemas added under another name: the config has one of that name with other fields. */
  renamed: { from: string; to: string }[];
  /** Imported schemas identical to the config's own: the config's is used. */
  sameSchemas: string[];
  /** Imported endpoints left out (`GET /pets`): the config already serves that method and path. */
  keptEndpoints: string[];
}

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const mapOf = (v: unknown): Plain => (isPlain(v) ? v : {});

/** `GET /pets/:` for `GET /pets/:petId/`: parameter names do not make two routes differ. */
const routeKey = (method: unknown, path: string): string =>
  `${typeof method === 'string' ? method.toUpperCase() : 'GET'} ${path.replace(/:[^/]+/g, ':').replace(/\/+$/, '') || '/'}`;

/** Every method and path the config's `endpoints:` serve (a resource stands for its six). */
function routesOf(endpoints: unknown): Set<string> {
  const routes = new Set<string>();
  for (const e of Array.isArray(endpoints) ? endpoints : []) {
    if (!isPlain(e)) continue;
    if (typeof e.resource === 'string') {
      const base = typeof e.path === 'string' ? e.path : `/${tableNameFor(e.resource)}`;
      for (const m of ['GET', 'POST']) routes.add(routeKey(m, base));
      for (const m of ['GET', 'PATCH', 'PUT', 'DELETE']) routes.add(routeKey(m, `${base}/:id`));
    } else if (typeof e.path === 'string') routes.add(routeKey(e.method, e.path));
  }
  return routes;
}

/** A copy of `value` with each schema name in `names` (as `resource`, `schema` or `references`) renamed; answers as written. */
function renameRefs(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, names));
  if (!isPlain(value)) return value;
  const out: Plain = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'inline' || key === 'body') out[key] = v;
    else if ((key === 'resource' || key === 'schema') && typeof v === 'string') out[key] = names.get(v) ?? v;
    else if (key === 'references' && typeof v === 'string') {
      const [schema = '', ...field] = v.split('.');
      out[key] = [names.get(schema) ?? schema, ...field].join('.');
    } else out[key] = renameRefs(v, names);
  }
  return out;
}

/** `PetImported`, then `PetImported2`…: a schema name, and a table, that nothing uses yet. */
function freeName(name: string, taken: ReadonlySet<string>, tables: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const candidate = `${name}Imported${n === 1 ? '' : n}`;
    if (!taken.has(candidate) && !tables.has(tableNameFor(candidate))) return candidate;
  }
}

/**
 * Adds `imported` (a config text, e.g. an OpenAPI import's) to `current`. Throws when `current` does
 * not parse (the editor shows where): a merge must not guess around a broken text.
 */
export function mergeConfigs(current: string, imported: string): MergeOutcome {
  const doc = parseDocument(current);
  if (doc.errors.length > 0)
    throw new Error('The config has a YAML syntax error; fix it before merging (or use Replace).');
  const mine = mapOf(doc.toJS());
  const theirs = mapOf(parseDocument(imported).toJS());
  const mySchemas = mapOf(mine.schemas);
  const taken = new Set([...Object.keys(mySchemas), ...Object.keys(mapOf(theirs.schemas))]);
  const tables = new Map(Object.keys(mySchemas).map((s) => [tableNameFor(s), s]));
  const names = new Map<string, string>();
  const outcome: MergeOutcome = {
    text: current,
    addedSchemas: [],
    addedEndpoints: 0,
    renamed: [],
    sameSchemas: [],
    keptEndpoints: [],
  };
  const added: string[] = [];
  for (const [name, def] of Object.entries(mapOf(theirs.schemas))) {
    const clash = mySchemas[name] !== undefined ? name : tables.get(tableNameFor(name));
    if (clash === name && deepEqual(mySchemas[name], def)) {
      outcome.sameSchemas.push(name);
      continue;
    }
    const to = clash === undefined ? name : freeName(name, taken, new Set(tables.keys()));
    if (to !== name) outcome.renamed.push({ from: name, to });
    names.set(name, to);
    taken.add(to);
    tables.set(tableNameFor(to), to);
    added.push(name);
  }
  let text = current;
  const edit = (edits: ReturnType<typeof modify>) => {
    text = applyEdits(text, edits);
  };
  for (const name of added) {
    const to = names.get(name) ?? name;
    edit(modify(text, ['schemas', to], renameRefs(mapOf(theirs.schemas)[name], names)));
    outcome.addedSchemas.push(to);
  }
  const routes = routesOf(mine.endpoints);
  let count = Array.isArray(mine.endpoints) ? mine.endpoints.length : 0;
  for (const entry of Array.isArray(theirs.endpoints) ? theirs.endpoints : []) {
    if (!isPlain(entry)) continue;
    const own = routesOf([entry]);
    const served = [...own].filter((r) => routes.has(r));
    if (served.length > 0) {
      outcome.keptEndpoints.push(
        ...served.map((r) => (typeof entry.path === 'string' ? r.replace(/ .*/, ` ${entry.path}`) : r)),
      );
      continue;
    }
    for (const r of own) routes.add(r);
    edit(insertAt(text, ['endpoints'], count++, renameRefs(entry, names)));
    outcome.addedEndpoints++;
  }
  // Seed rows only for the schemas added: a table the config already has keeps its own rows.
  const mySeed = mapOf(mine.seed);
  for (const [name, rows] of Object.entries(mapOf(theirs.seed))) {
    const to = names.get(name);
    if (to === undefined || mySeed[to] !== undefined) continue;
    edit(modify(text, ['seed', to], rows));
  }
  outcome.text = text;
  return outcome;
}
