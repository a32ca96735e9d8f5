/**
 * Property-based fuzzing of the HTTP surface over real sockets and a real SQLite file.
 *
 * Every request goes over a fresh TCP connection written byte for byte (so that NUL bytes, lone
 * surrogates, raw non-ASCII, unknown methods and absurd headers reach the server as sent) and every
 * response is parsed strictly: one well-formed HTTP/1.1 response, errors as `{ "error": string }`
 * JSON without a stack trace, no 5xx, no hang. A model of the four tables predicts the status of
 * every request and tracks what each 2xx write must have stored; after each category the SQLite
 * file must pass `PRAGMA integrity_check` and hold exactly the model's rows.
 *
 * Runs are reproducible: every property has a fixed seed and a bounded number of runs, and
 * shrinking is off (`endOnFailure`) so a failure reports its first counterexample quickly.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, test, type TestContext } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzz-runs.js';
import { serve, type Served } from './helpers.js';
import { BLOG_CONFIG, dbOf } from './http-fixtures.js';

const LIMIT = 1024 * 1024; // the default server.bodyLimit
const SEED = 0x6d6f636b; // fixed: runs are reproducible
const params = <T>(seed: number, numRuns: number): fc.Parameters<T> => ({
  seed: SEED + seed,
  numRuns: fuzzRuns(numRuns),
  endOnFailure: true,
});

/** fc.assert, with the failing assertion's own message in the error (the test runner shows no cause). */
async function check<Ts extends [unknown, ...unknown[]]>(
  property: fc.IAsyncProperty<Ts>,
  parameters: fc.Parameters<Ts>,
): Promise<void> {
  try {
    await fc.assert(property, parameters);
  } catch (err) {
    const cause = (err as Error).cause;
    throw new Error(`${(err as Error).message}\nFailure: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

// --- raw HTTP ------------------------------------------------------------------------------------

interface RawRequest {
  method: string;
  /** The request target as bytes written verbatim (latin1: one char per byte). */
  target: string;
  headers?: [string, string][];
  body?: Buffer | string;
  /** Leave out the Host header. */
  noHost?: boolean;
  /** Send the body chunked instead of with a Content-Length. */
  chunked?: boolean;
}

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: Buffer;
}

function build(r: RawRequest): Buffer {
  const body = typeof r.body === 'string' ? Buffer.from(r.body, 'utf8') : r.body;
  const lines = [`${r.method} ${r.target} HTTP/1.1`];
  if (!r.noHost) lines.push('Host: 127.0.0.1');
  for (const [name, value] of r.headers ?? []) lines.push(`${name}: ${value}`);
  if (body && r.chunked) lines.push('Transfer-Encoding: chunked');
  else if (body) lines.push(`Content-Length: ${body.length}`);
  lines.push('Connection: close', '', '');
  const head = Buffer.from(lines.join('\r\n'), 'latin1');
  if (!body) return head;
  if (!r.chunked) return Buffer.concat([head, body]);
  const parts: Buffer[] = [head];
  for (let i = 0; i < body.length; i += 64 * 1024) {
    const chunk = body.subarray(i, i + 64 * 1024);
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`, 'latin1'), chunk, Buffer.from('\r\n', 'latin1'));
  }
  parts.push(Buffer.from('0\r\n\r\n', 'latin1'));
  return Buffer.concat(parts);
}

/** Parses exactly one final response (after any 1xx) out of everything the server sent. */
function parseResponse(buf: Buffer, head: boolean): RawResponse {
  let offset = 0;
  for (;;) {
    const end = buf.indexOf('\r\n\r\n', offset, 'latin1');
    if (end === -1) throw new Error('no complete response head');
    const [statusLine, ...headerLines] = buf.subarray(offset, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.1 (\d{3}) [^\r\n]*$/.exec(statusLine ?? '');
    if (!m) throw new Error(`bad status line ${JSON.stringify(statusLine)}`);
    const status = Number(m[1]);
    const headers = new Map<string, string>();
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error(`bad header line ${JSON.stringify(line)}`);
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
    }
    offset = end + 4;
    if (status < 200) continue;
    let body: Buffer;
    if (head && headers.has('content-length') && buf.length - offset === Number(headers.get('content-length'))) {
      // A request the parser refused is answered with a body: the server could not know it was a HEAD.
      body = buf.subarray(offset);
      offset = buf.length;
    } else if (head || status === 204 || status === 304) body = Buffer.alloc(0);
    else if (headers.get('transfer-encoding') === 'chunked') {
      const chunks: Buffer[] = [];
      for (;;) {
        const lineEnd = buf.indexOf('\r\n', offset, 'latin1');
        if (lineEnd === -1) throw new Error('truncated chunked body');
        const size = Number.parseInt(buf.subarray(offset, lineEnd).toString('latin1'), 16);
        if (!Number.isFinite(size)) throw new Error('bad chunk size');
        offset = lineEnd + 2;
        if (size === 0) {
          offset += 2;
          break;
        }
        chunks.push(buf.subarray(offset, offset + size));
        offset += size + 2;
      }
      body = Buffer.concat(chunks);
    } else if (headers.has('content-length')) {
      const length = Number(headers.get('content-length'));
      if (!Number.isSafeInteger(length) || offset + length > buf.length)
        throw new Error(`truncated body: ${buf.length - offset} of ${length} bytes`);
      body = buf.subarray(offset, offset + length);
      offset += length;
    } else throw new Error('response has neither Content-Length nor chunked encoding');
    if (offset !== buf.length) throw new Error(`${buf.length - offset} bytes after the response`);
    return { status, headers, body };
  }
}

let port = 0;

/** Sends the bytes on a new connection and reads until the server closes it; a hang fails after 15 s. */
function exchange(request: Buffer, head = false): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let socketError = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no response within 15 s (hang)'));
    }, 15_000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    // A server that answers 413 before reading a huge body closes the socket under the rest of it.
    socket.on('error', (err: NodeJS.ErrnoException) => (socketError = err.code ?? err.message));
    socket.on('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      try {
        resolve(parseResponse(all, head));
      } catch (err) {
        reject(
          new Error(
            `${(err as Error).message} (socket error: ${socketError || 'none'}); got ${JSON.stringify(all.subarray(0, 300).toString('latin1'))}`,
          ),
        );
      }
    });
    socket.write(request);
  });
}

// --- the categories and their counts ---------------------------------------------------------------

const counts: Record<string, number> = {};
const count = (category: string, n = 1): void => {
  counts[category] = (counts[category] ?? 0) + n;
};

// --- the model ---------------------------------------------------------------------------------------

type FieldType = 'integer' | 'number' | 'string' | 'boolean' | 'datetime' | 'json';
interface Field {
  name: string;
  type: FieldType;
  required?: boolean;
  unique?: boolean;
  auto?: 'integer' | 'uuid';
  default?: unknown;
}
type Rec = Record<string, unknown>;
interface Row {
  rowid: number;
  rec: Rec;
}
type TableName = 'users' | 'posts' | 'notes' | 'accounts';

const SCHEMAS: Record<TableName, Field[]> = {
  users: [
    { name: 'id', type: 'integer', auto: 'integer' },
    { name: 'name', type: 'string', required: true },
    { name: 'email', type: 'string', unique: true },
    { name: 'age', type: 'integer' },
    { name: 'score', type: 'number' },
    { name: 'active', type: 'boolean' },
    { name: 'born', type: 'datetime' },
    { name: 'meta', type: 'json' },
  ],
  posts: [
    { name: 'id', type: 'integer', auto: 'integer' },
    { name: 'slug', type: 'string', required: true, unique: true },
    { name: 'title', type: 'string' },
    { name: 'authorId', type: 'integer' },
    { name: 'views', type: 'integer', default: 0 },
  ],
  notes: [
    { name: 'id', type: 'string', auto: 'uuid' },
    { name: 'text', type: 'string' },
  ],
  accounts: [
    { name: 'guid', type: 'string', unique: true },
    { name: 'name', type: 'string' },
  ],
};
/** The columns the item paths look records up by. */
const KEYS: Record<TableName, string[]> = { users: ['id'], posts: ['slug'], notes: ['id'], accounts: ['guid'] };
const fieldOf = (table: TableName, name: string): Field => SCHEMAS[table].find((f) => f.name === name) as Field;

/** A date with a time; a date alone names no instant (README, "Datetimes"). */
const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
/** The instant as stored: UTC to the millisecond; without an offset the time is UTC. */
function utc(s: string): string {
  const text = s.replace(' ', 'T');
  return new Date(Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`)).toISOString();
}
function isDateTime(s: string): boolean {
  if (!ISO.test(s) || Number.isNaN(Date.parse(s))) return false;
  if (!/^\d{4}-/.test(utc(s))) return false;
  const [y, mo, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** Nesting of arrays and objects, counted without recursion. */
function depthOf(value: unknown): number {
  let level: unknown[] = [value];
  let depth = 0;
  while (level.length) {
    const next: unknown[] = [];
    for (const v of level)
      if (v !== null && typeof v === 'object') next.push(...(Array.isArray(v) ? v : Object.values(v)));
    if (next.length || level.some((v) => v !== null && typeof v === 'object')) depth++;
    level = next.filter((v) => v !== null && typeof v === 'object');
  }
  return depth;
}

function fits(type: FieldType, v: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'datetime':
      return typeof v === 'string' && isDateTime(v);
    case 'json':
      // JSON has no Infinity: a json field holding 1e400 is refused, not stored as null.
      return depthOf(v) <= 1000 && finiteThroughout(v);
  }
}

function finiteThroughout(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v === null || typeof v !== 'object') return true;
  return (Array.isArray(v) ? v : Object.values(v)).every(finiteThroughout);
}

/** Whether a body passes the schema check of a create, a replace (PUT) or a patch. */
function validBody(table: TableName, body: unknown, mode: 'create' | 'replace' | 'patch'): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const rec = body as Rec;
  if (Object.keys(rec).some((k) => !SCHEMAS[table].some((f) => f.name === k))) return false;
  // A key a path looks records up by may not be empty text on a create (the record could never be reached).
  if (mode === 'create' && KEYS[table].some((k) => rec[k] === '')) return false;
  for (const f of SCHEMAS[table]) {
    const v = rec[f.name];
    if (v === undefined || v === null) {
      if (mode !== 'patch' && f.required && !f.auto && f.default === undefined) return false;
      if (v === null && f.required) return false;
    } else if (!fits(f.type, v)) return false;
    // An id the client sets must leave room for the next automatic one below 2^53.
    else if (f.auto && typeof v === 'number' && v >= Number.MAX_SAFE_INTEGER) return false;
  }
  return true;
}

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A value as it must read back from SQLite (through the API's JSON). */
function stored(f: Field, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (f.type === 'json') return JSON.parse(JSON.stringify(v)) as unknown;
  if (typeof v === 'number') return v === 0 ? 0 : v; // -0 reads back as 0
  if (f.type === 'datetime' && typeof v === 'string') return utc(v);
  if (typeof v === 'string') return v.replace(LONE, '\uFFFD');
  return v;
}

/** A record as canonical JSON, fields in schema order. */
const canon = (table: TableName, rec: Rec): string =>
  JSON.stringify(SCHEMAS[table].map((f) => [f.name, rec[f.name] ?? null]));

/** Text compared with a numeric column: SQLite reads decimal number text (spaces around allowed). */
const SQLITE_NUMBER = /^[ \t\n\v\f\r]*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\v\f\r]*$/;
/** ASCII white space, which text of every field type but string may have around it. */
const trimAscii = (text: string): string => text.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '');

/** `column = ?` with the path text bound, as SQLite compares it. */
function matches(table: TableName, column: string, rec: Rec, raw: string): boolean {
  const f = fieldOf(table, column);
  const value = rec[column];
  if (value === null || value === undefined) return false;
  if (f.type === 'integer' || f.type === 'number') return SQLITE_NUMBER.test(raw) && Number(raw) === value;
  return value === raw;
}

class Model {
  readonly rows: Record<TableName, Row[]> = { users: [], posts: [], notes: [], accounts: [] };

  find(table: TableName, column: string, raw: string): Row | undefined {
    return this.rows[table].find((r) => matches(table, column, r.rec, raw));
  }

  conflicts(table: TableName, rec: Rec, except?: Row): boolean {
    return SCHEMAS[table].some(
      (f) =>
        (f.unique || f.auto) &&
        rec[f.name] !== null &&
        rec[f.name] !== undefined &&
        this.rows[table].some((r) => r !== except && r.rec[f.name] === rec[f.name]),
    );
  }

  /** The largest integer id each table ever gave: ids are never given again (AUTOINCREMENT). */
  readonly highest: Record<TableName, number> = { users: 0, posts: 0, notes: 0, accounts: 0 };

  nextRowid(table: TableName): number {
    return this.rows[table].reduce((max, r) => Math.max(max, r.rowid), this.highest[table]) + 1;
  }
}

const model = new Model();
let s: Served;
let initialTables: unknown[] = [];
const serverErrors: string[] = [];

// --- one request: predicted, sent, checked, tracked --------------------------------------------------

type Op =
  | { kind: 'list'; table: 'users' | 'posts' | 'notes'; query: string }
  | { kind: 'nestedList'; authorId: string; query: string }
  | { kind: 'get'; table: TableName; column: string; value: string }
  | { kind: 'create'; table: TableName; body: Buffer | string | undefined; contentType?: string }
  | { kind: 'nestedCreate'; authorId: string; body: Buffer | string | undefined; contentType?: string }
  | {
      kind: 'update';
      table: 'users' | 'posts' | 'notes';
      method: 'PATCH' | 'PUT';
      column: string;
      value: string;
      body: Buffer | string | undefined;
      contentType?: string;
    }
  | { kind: 'delete'; table: 'users' | 'posts' | 'notes'; column: string; value: string }
  | { kind: 'static'; method: 'GET' | 'POST'; body?: Buffer | string };

const BASE: Record<TableName, string> = { users: '/users', posts: '/posts', notes: '/notes', accounts: '/accounts' };

/** Percent-encodes every UTF-16 code unit as (WTF-)8 bytes: a lone surrogate becomes %ED%A0%80 and the like. */
function encodeSegment(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80 && /[A-Za-z0-9\-_~]/.test(ch)) out += ch;
    else {
      const bytes =
        cp < 0x80
          ? [cp]
          : cp < 0x800
            ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
            : cp < 0x10000
              ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
              : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    }
  }
  return out;
}

/** What the router makes of an encoded path parameter: its value, or the status when it cannot. */
function routedParam(encoded: string): { value: string } | { status: number } {
  if (encoded.length > 2048) return { status: 404 };
  try {
    return { value: decodeURIComponent(encoded) };
  } catch {
    return { status: 400 };
  }
}

/** The server's body pipeline: size limit, empty, JSON with its Content-Type. */
function parsedBody(
  body: Buffer | string | undefined,
  contentType: string | undefined,
): { value: unknown } | { status: number } {
  const bytes = body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (bytes.length > LIMIT) return { status: 413 };
  const text = bytes.toString('utf8');
  if (text.trim() === '') return { status: 400 };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    // The parser trims spaces and tabs around a header value.
    const type = contentType?.replace(/^[ \t]+|[ \t]+$/g, '');
    const declaredJson = type === undefined || type === '' || /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type);
    return { status: declaredJson ? 400 : 415 };
  }
}

interface Prediction {
  status: number;
  /** Applies a 2xx write to the model and returns the record the response must carry. */
  apply?: (response: unknown) => Rec | undefined;
  /** A 200 list whose exact rows are known. */
  list?: Rec[];
  listTable?: TableName;
  total?: number;
}

/** Builds the record a create stores, with the auto ids the server chose. */
function created(table: TableName, body: Rec, fixed: Rec, response: unknown): Rec {
  const rec: Rec = {};
  for (const f of SCHEMAS[table]) {
    const v = body[f.name] !== undefined ? body[f.name] : fixed[f.name];
    if (f.auto === 'integer' && (v === undefined || v === null)) rec[f.name] = (response as Rec)[f.name];
    else if (f.auto === 'uuid' && (v === undefined || v === null)) {
      const id = (response as Rec)[f.name];
      assert.match(
        String(id),
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        'a generated uuid',
      );
      rec[f.name] = id;
    } else rec[f.name] = stored(f, v ?? f.default); // null is no value: the default fills it
  }
  return rec;
}

function predictCreate(
  table: TableName,
  parsed: { value: unknown } | { status: number },
  fixed: Rec,
  rawFixed?: string,
): Prediction {
  if ('status' in parsed) return { status: parsed.status };
  let body = parsed.value;
  if (rawFixed !== undefined) {
    const n = Number(rawFixed);
    if (!SQLITE_NUMBER.test(rawFixed) || !Number.isSafeInteger(n)) return { status: 400 };
    // The path's value goes into the body first (null is no value); a different one is a 400.
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const sent = (body as Rec).authorId;
      if (sent !== undefined && sent !== null && sent !== n) return { status: 400 };
      body = { ...(body as Rec), authorId: n };
    }
    fixed = { authorId: n };
  }
  if (!validBody(table, body, 'create')) return { status: 400 };
  const probe: Rec = {};
  for (const f of SCHEMAS[table])
    probe[f.name] = stored(f, (body as Rec)[f.name] !== undefined ? (body as Rec)[f.name] : fixed[f.name]);
  if (model.conflicts(table, probe)) return { status: 409 };
  return {
    status: 201,
    apply: (response) => {
      const rec = created(table, body as Rec, fixed, response);
      const idField = SCHEMAS[table][0] as Field;
      const rowid = idField.auto === 'integer' ? (rec[idField.name] as number) : model.nextRowid(table);
      const sentId = (body as Rec)[idField.name];
      if (idField.auto === 'integer' && (sentId === undefined || sentId === null))
        assert.equal(rowid, model.nextRowid(table), 'a new integer id is one past the largest');
      model.rows[table].push({ rowid, rec });
      if (idField.auto === 'integer') model.highest[table] = Math.max(model.highest[table], rowid);
      model.rows[table].sort((a, b) => a.rowid - b.rowid);
      return rec;
    },
  };
}

function predictUpdate(op: Extract<Op, { kind: 'update' }>, value: string): Prediction {
  const parsed = parsedBody(op.body, op.contentType);
  if ('status' in parsed) return { status: parsed.status };
  const mode = op.method === 'PUT' ? 'replace' : 'patch';
  const body = parsed.value;
  if (!validBody(op.table, body, mode)) return { status: 400 };
  const rec = body as Rec;
  const key = fieldOf(op.table, op.column);
  const sent = rec[op.column];
  if (sent !== undefined && sent !== null) {
    const same =
      (key.type === 'integer' || key.type === 'number') && typeof sent === 'number'
        ? SQLITE_NUMBER.test(value) && Number(value) === sent
        : String(sent) === value;
    if (!same) return { status: 400 };
  }
  const row = model.find(op.table, op.column, value);
  if (!row) return { status: 404 };
  const writable = SCHEMAS[op.table].filter(
    (f) => !f.auto && f.name !== op.column && (mode === 'replace' || rec[f.name] !== undefined),
  );
  const next: Rec = { ...row.rec };
  for (const f of writable) next[f.name] = stored(f, rec[f.name] ?? f.default ?? null); // null or left out of a PUT: the default
  if (writable.length && model.conflicts(op.table, next, row)) return { status: 409 };
  return {
    status: 200,
    apply: () => {
      row.rec = next;
      return next;
    },
  };
}

function predictList(table: TableName, query: string, fixedAuthor?: string): Prediction {
  const fields = SCHEMAS[table];
  let asked: number | undefined;
  let page: number | undefined;
  let sort: string | undefined;
  let exact = true; // whether this model can compute the rows
  const filters: ((r: Rec) => boolean)[] = [];
  if (fixedAuthor !== undefined) {
    // The parent key is read as its field's type, as `?authorId=` is.
    if (!SQLITE_NUMBER.test(fixedAuthor) || !Number.isSafeInteger(Number(fixedAuthor))) return { status: 400 };
    filters.push((r) => matches('posts', 'authorId', r, fixedAuthor));
  }
  const eq = new Map<string, unknown[]>();
  for (const [param, raw] of new URLSearchParams(query)) {
    if (param === '_sort') sort = raw;
    else if (param === '_order') {
      if (!raw.split(',').every((o) => ['asc', 'desc'].includes(o.trim().toLowerCase()))) return { status: 400 };
      exact = false;
    } else if (param === '_limit' || param === '_page') {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isSafeInteger(n) || n < (param === '_page' ? 1 : 0)) return { status: 400 };
      if (param === '_page') page = n;
      else asked = Math.min(n, 100);
    } else if (param === 'q') exact = exact && raw === '';
    else {
      const m = /^(.+)_(gte|lte|gt|lt|ne|like)$/.exec(param);
      const f = fields.find((x) => x.name === param) ?? (m ? fields.find((x) => x.name === m[1]) : undefined);
      if (!f) continue;
      const op = f.name === param ? 'eq' : (m?.[2] as string);
      if (op === 'like') {
        exact = false;
        continue;
      }
      // Filter text converts as every text input does (shared/src/field-text.ts); empty text is refused.
      let v: unknown = raw;
      const text = trimAscii(raw);
      if (f.type !== 'string' && text === '') return { status: 400 };
      if (f.type === 'number' || f.type === 'integer') {
        const n = Number(text);
        if (!SQLITE_NUMBER.test(text) || !(f.type === 'integer' ? Number.isSafeInteger(n) : Number.isFinite(n)))
          return { status: 400 };
        v = n;
      } else if (f.type === 'boolean') {
        if (!['true', '1', 'false', '0'].includes(text.toLowerCase())) return { status: 400 };
        v = ['true', '1'].includes(text.toLowerCase());
      } else if (f.type === 'datetime') {
        if (!isDateTime(text)) return { status: 400 };
        v = utc(text);
      } else if (f.type === 'json') {
        try {
          if (depthOf(JSON.parse(text)) > 1000) return { status: 400 };
        } catch {
          return { status: 400 };
        }
      }
      if (op !== 'eq' || f.type === 'json' || f.type === 'number') exact = false;
      else eq.set(f.name, [...(eq.get(f.name) ?? []), v]);
    }
  }
  if (sort !== undefined) {
    for (const item of sort.split(',')) {
      const name = item.trim().replace(/^-/, '');
      if (!fields.some((f) => f.name === name)) return { status: 400 };
    }
    exact = false;
  }
  if (!exact) return { status: 200 };
  for (const [name, vs] of eq) filters.push((r) => vs.includes(r[name]));
  const all = model.rows[table].map((r) => r.rec).filter((r) => filters.every((ok) => ok(r)));
  // `_page` without `_limit` pages by 10 (json-server's habit); a list without either shows up to 100.
  const limit = asked ?? (page === undefined ? 100 : 10);
  const from = ((page ?? 1) - 1) * limit;
  return { status: 200, list: all.slice(from, from + limit), listTable: table, total: all.length };
}

function requestOf(op: Op): { req: RawRequest; predict: () => Prediction } {
  const ct = (contentType: string | undefined): [string, string][] =>
    contentType === undefined ? [] : [['Content-Type', contentType]];
  const byParam =
    (encoded: string, then: (value: string) => Prediction): (() => Prediction) =>
    () => {
      const routed = routedParam(encoded);
      return 'status' in routed ? { status: routed.status } : then(routed.value);
    };
  switch (op.kind) {
    case 'list':
      return {
        req: { method: 'GET', target: `${BASE[op.table]}${op.query ? `?${op.query}` : ''}` },
        predict: () => predictList(op.table, op.query),
      };
    case 'nestedList': {
      const encoded = encodeSegment(op.authorId);
      return {
        req: { method: 'GET', target: `/users/${encoded}/posts${op.query ? `?${op.query}` : ''}` },
        predict: byParam(encoded, (value) => predictList('posts', op.query, value)),
      };
    }
    case 'get': {
      const encoded = encodeSegment(op.value);
      return {
        req: { method: 'GET', target: `${BASE[op.table]}/${encoded}` },
        predict: byParam(encoded, (value) => {
          const row = model.find(op.table, op.column, value);
          return row ? { status: 200, apply: () => row.rec } : { status: 404 };
        }),
      };
    }
    case 'create':
      return {
        req: { method: 'POST', target: BASE[op.table], headers: ct(op.contentType), body: op.body ?? Buffer.alloc(0) },
        predict: () => predictCreate(op.table, parsedBody(op.body, op.contentType), {}),
      };
    case 'nestedCreate': {
      const encoded = encodeSegment(op.authorId);
      return {
        req: {
          method: 'POST',
          target: `/users/${encoded}/posts`,
          headers: ct(op.contentType),
          body: op.body ?? Buffer.alloc(0),
        },
        predict: byParam(encoded, (value) => predictCreate('posts', parsedBody(op.body, op.contentType), {}, value)),
      };
    }
    case 'update': {
      const encoded = encodeSegment(op.value);
      return {
        req: {
          method: op.method,
          target: `${BASE[op.table]}/${encoded}`,
          headers: ct(op.contentType),
          body: op.body ?? Buffer.alloc(0),
        },
        predict: byParam(encoded, (value) => predictUpdate(op, value)),
      };
    }
    case 'delete': {
      const encoded = encodeSegment(op.value);
      return {
        req: { method: 'DELETE', target: `${BASE[op.table]}/${encoded}` },
        predict: byParam(encoded, (value) => {
          const row = model.find(op.table, op.column, value);
          if (!row) return { status: 404 };
          return {
            status: op.table === 'posts' ? 200 : 204,
            apply: () => {
              model.rows[op.table].splice(model.rows[op.table].indexOf(row), 1);
              return op.table === 'posts' ? row.rec : undefined;
            },
          };
        }),
      };
    }
    case 'static':
      return op.method === 'GET'
        ? { req: { method: 'GET', target: '/health' }, predict: () => ({ status: 200 }) }
        : {
            req: { method: 'POST', target: '/about', body: op.body ?? Buffer.alloc(0) },
            predict: () => ({ status: 202 }),
          };
  }
}

/** Checks what every response must be, whatever the request: well-formed, JSON errors, no 5xx. */
function checkWellFormed(res: RawResponse, what: string, head = false): unknown {
  assert.ok(
    res.status >= 200 && res.status < 500,
    `${what}: status ${res.status} ${res.body.toString().slice(0, 300)}`,
  );
  if (head) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (res.status >= 400) {
    assert.match(type, /^application\/json/, `${what}: error content type`);
    const body = JSON.parse(res.body.toString('utf8')) as unknown;
    assert.ok(body !== null && typeof body === 'object' && !Array.isArray(body), `${what}: error body is an object`);
    assert.deepEqual(Object.keys(body), ['error'], `${what}: error body has only "error"`);
    const message = (body as { error: unknown }).error;
    assert.equal(typeof message, 'string', `${what}: error is a string`);
    assert.doesNotMatch(message as string, /\n\s+at |node:internal|\.js:\d+/, `${what}: no stack trace`);
    return body;
  }
  if (res.body.length === 0) return undefined;
  if (/^application\/json/.test(type)) return JSON.parse(res.body.toString('utf8')) as unknown;
  assert.match(type, /^(application|text)\/xml/, `${what}: a 2xx body is JSON or XML`);
  assert.match(res.body.toString('utf8'), /^<\?xml /, `${what}: XML declaration`);
  return undefined;
}

/** Sends one operation, checks the status against the model, and tracks a 2xx write. */
async function run(category: string, op: Op): Promise<RawResponse> {
  count(category);
  const { req, predict } = requestOf(op);
  const prediction = predict();
  const what = `[${category}] ${req.method} ${req.target.slice(0, 200)}`;
  const res = await exchange(build(req));
  const body = checkWellFormed(res, what);
  assert.equal(
    res.status,
    prediction.status,
    `${what}: expected ${prediction.status}, got ${res.status} ${res.body.toString('utf8').slice(0, 300)}`,
  );
  if (prediction.apply) {
    const expected = prediction.apply(body);
    const table = op.kind === 'nestedCreate' ? 'posts' : 'table' in op ? op.table : undefined;
    if (expected && table)
      assert.equal(canon(table, readBack(table, body as Rec)), canon(table, expected), `${what}: response record`);
  }
  if (prediction.list && prediction.listTable) {
    const table = prediction.listTable;
    assert.deepEqual(
      (body as Rec[]).map((r) => canon(table, readBack(table, r))),
      prediction.list.map((r) => canon(table, r)),
      `${what}: listed rows`,
    );
    assert.equal(res.headers.get('x-total-count'), String(prediction.total), `${what}: X-Total-Count`);
  }
  return res;
}

/** A record as the API sent it, normalised like the model (booleans and json are already JSON). */
function readBack(table: TableName, rec: Rec): Rec {
  const out: Rec = {};
  for (const f of SCHEMAS[table]) out[f.name] = rec[f.name] === undefined ? null : rec[f.name];
  return out;
}

/** The tables straight from the SQLite file, compared with the model, plus SQLite's own check. */
function checkDatabase(t: TestContext, label: string): void {
  const db = dbOf(s);
  assert.equal(db.prepare('PRAGMA integrity_check').pluck().get(), 'ok', `${label}: integrity_check`);
  for (const table of Object.keys(SCHEMAS) as TableName[]) {
    const rows = db.prepare(`SELECT rowid AS __rowid, * FROM "${table}" ORDER BY rowid`).all() as Rec[];
    const actual = rows.map((row) => {
      const rec: Rec = {};
      for (const f of SCHEMAS[table]) {
        const v = row[f.name];
        if (v === null) rec[f.name] = null;
        else if (f.type === 'boolean') {
          assert.ok(v === 0 || v === 1, `${table}.${f.name} stored as 0/1`);
          rec[f.name] = v === 1;
        } else if (f.type === 'json') rec[f.name] = JSON.parse(v as string) as unknown;
        else if (f.type === 'integer') {
          assert.ok(Number.isSafeInteger(v), `${table}.${f.name} stored as an integer, not ${typeof v}`);
          rec[f.name] = v;
        } else if (f.type === 'number') {
          assert.equal(typeof v, 'number', `${table}.${f.name} stored as a number`);
          rec[f.name] = v;
        } else {
          assert.equal(typeof v, 'string', `${table}.${f.name} stored as text`);
          rec[f.name] = v;
        }
      }
      return canon(table, rec);
    });
    const expected = model.rows[table].map((r) => canon(table, r.rec));
    assert.deepEqual(actual, expected, `${label}: rows of ${table} are exactly those the 2xx writes made`);
  }
  assert.deepEqual(serverErrors, [], `${label}: no handler crashed`);
  const rows = (Object.keys(SCHEMAS) as TableName[]).map((table) => `${table} ${model.rows[table].length}`).join(', ');
  t.diagnostic(`${label}: integrity ok; ${rows}`);
}

// --- generators ------------------------------------------------------------------------------------------

const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** Text with everything awkward: NUL, controls, emoji, combining marks, lone surrogates, quotes, SQL. */
const nastyText = fc.string({
  unit: fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '\u0000',
        '\u0001',
        '\u007f',
        '\ufeff',
        '\u202e',
        '😀',
        '👩‍👩‍👧',
        'é',
        '\u0301',
        '"',
        "'",
        '\\',
        '%',
        '/',
        '?',
        '#',
        '&',
        '=',
        '+',
        ' ',
        '\n',
      ),
    },
    { weight: 1, arbitrary: lone },
  ),
  maxLength: 24,
});

const SQLISH = [
  "' OR '1'='1",
  "1' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '1 OR 1=1',
  '" OR ""="',
  "1' UNION SELECT sqlite_version() --",
  'name; DELETE FROM posts',
  "'; ATTACH DATABASE '/tmp/pwn.db' AS pwn; --",
  'id DESC; DROP TABLE users',
  '(SELECT 1)',
  'name COLLATE NOCASE',
  'rowid',
  '* ',
  '%',
  '_',
  '\\',
  '/*',
  '*/ --',
  'NULL',
  "json('{}')",
  '1e999',
  '0x1',
  "Robert'); DROP TABLE students;--",
];
const sqlish = fc.oneof(
  fc.constantFrom(...SQLISH),
  fc.tuple(fc.constantFrom(...SQLISH), nastyText).map(([a, b]) => a + b),
);

const isoDate = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((d) =>
    fc.constantFrom(
      d.toISOString(),
      `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)}`,
      d.toISOString().slice(0, 19),
      `${d.toISOString().slice(0, 16)}+02:00`,
    ),
  );
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const jsonish = fc.jsonValue({ maxDepth: 4 });

const VALID: Record<FieldType, fc.Arbitrary<unknown>> = {
  integer: fc.oneof(
    fc.integer(),
    fc.maxSafeInteger(),
    fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  ),
  number: fc.oneof(finite, fc.integer(), fc.constantFrom(0.1 + 0.2, 5e-324, 1.7976931348623157e308, -0)),
  string: fc.oneof(nastyText, sqlish),
  boolean: fc.boolean(),
  datetime: isoDate,
  json: fc.oneof(jsonish, nastyText, fc.constant(null)),
};

/** Values of every other JSON type, and the near misses of each type. */
const WRONG: Record<FieldType, fc.Arbitrary<string>> = {
  integer: fc.oneof(
    fc
      .double({ noNaN: true, noDefaultInfinity: true })
      .filter((n) => !Number.isSafeInteger(n))
      .map((n) => JSON.stringify(n)),
    fc.constantFrom('1e400', '-1e400', '9007199254740992', '1.5', '"1"', 'true', '[]', '{}', '"NaN"', '[1]'),
    nastyText.map((t) => JSON.stringify(t)),
  ),
  number: fc.oneof(
    fc.constantFrom('1e400', '-1e400', '"1.5"', 'false', '[1.5]', '{"n":1}', '""'),
    nastyText.map((t) => JSON.stringify(t)),
  ),
  string: fc.oneof(
    finite.map((n) => JSON.stringify(n)),
    fc.constantFrom('true', 'false', '[]', '["a"]', '{}', '{"a":"b"}', '0'),
  ),
  boolean: fc.constantFrom('0', '1', '"true"', '"false"', '[]', '{}', '"yes"', '""'),
  datetime: fc.oneof(
    fc.constantFrom(
      '"2024-02-30T00:00:00Z"',
      '"2023-02-29"',
      '"2024-05-01"',
      '"2024-13-01T00:00:00Z"',
      '"2024-00-10"',
      '"2024-01-01T25:00:00Z"',
      '"2024-01-01T12:60:00Z"',
      '"24-01-01"',
      '"2024-1-1"',
      '"2024-01-01T00:00:00ZZ"',
      '"yesterday"',
      '"+275760-09-13T00:00:00Z"',
      '""',
      '1715000000',
      'true',
      '["2024-01-01"]',
    ),
    nastyText.filter((t) => !/^\d{4}-/.test(t)).map((t) => JSON.stringify(t)),
  ),
  // Any JSON fits a json field, up to 1000 levels of nesting.
  json: fc
    .constantFrom(1001, 1500, 5000)
    .chain((n) => fc.constantFrom(`${'['.repeat(n)}${']'.repeat(n)}`, `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`)),
};

const userFields = SCHEMAS.users.filter((f) => !f.auto);
/** A valid user body: every optional field sometimes left out and sometimes null. */
const validUser = (mode: 'create' | 'patch'): fc.Arbitrary<Rec> =>
  fc.record(
    Object.fromEntries(
      userFields.map((f) => [
        f.name,
        f.required
          ? VALID[f.type]
          : fc.oneof({ weight: 4, arbitrary: VALID[f.type] }, { weight: 1, arbitrary: fc.constant(null) }),
      ]),
    ),
    { requiredKeys: mode === 'create' ? ['name'] : [] },
  );

/** A user id: mostly existing ones, sometimes missing, sometimes odd spellings of a number. */
const userId = fc.oneof(
  { weight: 6, arbitrary: fc.nat({ max: 40 }).map(String) },
  {
    weight: 1,
    arbitrary: fc
      .nat({ max: 20 })
      .chain((n) => fc.constantFrom(`${n}.0`, ` ${n}`, `+${n}`, `${n}e0`, `0x${n.toString(16)}`, `${n}abc`, `-${n}`)),
  },
  { weight: 1, arbitrary: nastyText.filter((t) => t.length > 0) },
);

let createdSlugs: string[] = [];
const slugRef = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.nat({ max: 1000 }).map((i) => createdSlugs[i % Math.max(1, createdSlugs.length)] || 'missing'),
  },
  { weight: 1, arbitrary: nastyText.filter((t) => t.length > 0) },
);

// --- the tests -------------------------------------------------------------------------------------------

before(async () => {
  s = await serve(BLOG_CONFIG);
  port = Number(new URL(s.url).port);
  s.engine.on('serverError', (e) => serverErrors.push(e.message));
  initialTables = dbOf(s).prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
});

after(async () => {
  await s?.close();
});

test('valid writes of every type (unicode, emoji, NUL, lone surrogates, SQL text) are stored exactly, on every endpoint kind', {
  timeout: 60_000,
}, async (t) => {
  await check(
    fc.asyncProperty(
      fc.oneof(
        {
          weight: 4,
          arbitrary: validUser('create').map(
            (b) => ({ kind: 'create', table: 'users', body: JSON.stringify(b) }) as Op,
          ),
        },
        {
          weight: 3,
          arbitrary: fc
            .tuple(fc.constantFrom<'PATCH' | 'PUT'>('PATCH', 'PUT'), userId)
            .chain(([method, id]) =>
              validUser(method === 'PUT' ? 'create' : 'patch').map(
                (b) =>
                  ({ kind: 'update', table: 'users', method, column: 'id', value: id, body: JSON.stringify(b) }) as Op,
              ),
            ),
        },
        {
          weight: 1,
          arbitrary: userId.map((id) => ({ kind: 'delete', table: 'users', column: 'id', value: id }) as Op),
        },
        { weight: 2, arbitrary: userId.map((id) => ({ kind: 'get', table: 'users', column: 'id', value: id }) as Op) },
        {
          weight: 3,
          arbitrary: fc
            .record(
              { slug: VALID.string, title: fc.option(VALID.string), authorId: fc.option(fc.nat({ max: 5 })) },
              { requiredKeys: ['slug'] },
            )
            .map((b) => ({ kind: 'create', table: 'posts', body: JSON.stringify(b) }) as Op),
        },
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              fc.nat({ max: 6 }).map(String),
              fc.record({ slug: VALID.string, title: VALID.string }, { requiredKeys: ['slug'] }),
            )
            .map(([authorId, b]) => ({ kind: 'nestedCreate', authorId, body: JSON.stringify(b) }) as Op),
        },
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              slugRef,
              fc.record({
                title: fc.option(VALID.string),
                views: fc.option(fc.integer()),
                authorId: fc.option(fc.nat({ max: 5 })),
              }),
            )
            .map(
              ([slug, b]) =>
                ({
                  kind: 'update',
                  table: 'posts',
                  method: 'PATCH',
                  column: 'slug',
                  value: slug,
                  body: JSON.stringify(b),
                }) as Op,
            ),
        },
        {
          weight: 2,
          arbitrary: slugRef.map((slug) => ({ kind: 'get', table: 'posts', column: 'slug', value: slug }) as Op),
        },
        {
          weight: 1,
          arbitrary: slugRef.map((slug) => ({ kind: 'delete', table: 'posts', column: 'slug', value: slug }) as Op),
        },
        {
          weight: 1,
          arbitrary: fc
            .oneof(fc.nat({ max: 6 }).map(String), userId)
            .map((authorId) => ({ kind: 'nestedList', authorId, query: '' }) as Op),
        },
        {
          weight: 1,
          arbitrary: fc
            .record({ text: VALID.string })
            .map((b) => ({ kind: 'create', table: 'notes', body: JSON.stringify(b) }) as Op),
        },
        {
          weight: 1,
          arbitrary: fc
            .record({ guid: VALID.string, name: VALID.string })
            .map((b) => ({ kind: 'create', table: 'accounts', body: JSON.stringify(b) }) as Op),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Op>(
            { kind: 'list', table: 'users', query: '' },
            { kind: 'list', table: 'posts', query: '' },
            { kind: 'static', method: 'GET' },
          ),
        },
      ),
      async (op) => {
        const res = await run('valid writes and reads', op);
        if (op.kind === 'create' && op.table === 'posts' && res.status === 201)
          createdSlugs.push(JSON.parse(res.body.toString('utf8')).slug as string);
        if (op.kind === 'nestedCreate' && res.status === 201)
          createdSlugs.push(JSON.parse(res.body.toString('utf8')).slug as string);
      },
    ),
    params(1, 450),
  );
  createdSlugs = model.rows.posts.map((r) => r.rec.slug as string);
  checkDatabase(t, 'valid writes');
});

test('wrong types for every field type answer 400 on POST, PATCH and PUT and change nothing', {
  timeout: 60_000,
}, async (t) => {
  const types: FieldType[] = ['integer', 'number', 'string', 'boolean', 'datetime', 'json'];
  for (const [i, type] of types.entries()) {
    const fields = userFields.filter((f) => f.type === type);
    await check(
      fc.asyncProperty(
        fc.constantFrom(...fields),
        WRONG[type],
        fc.constantFrom<'POST' | 'PATCH' | 'PUT'>('POST', 'PATCH', 'PUT'),
        fc.nat({ max: 30 }),
        async (f, wrong, method, id) => {
          const body = `{"name":"wrong ${type}",${JSON.stringify(f.name)}:${wrong}}`;
          const op: Op =
            method === 'POST'
              ? { kind: 'create', table: 'users', body }
              : { kind: 'update', table: 'users', method, column: 'id', value: String(id), body };
          const res = await run(`wrong types: ${type}`, op);
          assert.equal(res.status, 400);
          assert.match(
            JSON.parse(res.body.toString('utf8')).error as string,
            new RegExp(`^Field '${f.name}' must be `),
          );
        },
      ),
      params(10 + i, type === 'json' ? 12 : 40),
    );
  }
  // Path parameters of the wrong type for a nested create's integer column.
  await check(
    fc.asyncProperty(
      fc.oneof(
        fc.constantFrom('0x10', '0b1', '0o7', 'Infinity', '1.5', '1e400', '9007199254740993', 'NaN', ' ', 'abc'),
        nastyText.filter((x) => x.length > 0),
      ),
      async (authorId) => {
        await run('wrong types: path integer', {
          kind: 'nestedCreate',
          authorId,
          body: JSON.stringify({ slug: `path ${authorId}` }),
        });
      },
    ),
    params(19, 30),
  );
  checkDatabase(t, 'wrong types');
});

/** Bodies every write endpoint gets at least once. */
const NASTY_BODIES: (string | Buffer)[] = [
  '{"name": "Ada",',
  "{'name': 'Ada'}",
  '{"name": NaN}',
  '{"name": "a"} // comment',
  '\ufeff{"name": "BOM"}',
  '{"name": undefined}',
  '{"name": "\\x41"}',
  '{"name": "\\ud800"}',
  '{"name": "raw \u0000 nul"}',
  '{"name": 0x10}',
  '[1,2',
  '"unterminated',
  'nul\u0000l',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {}}}',
  '{"name": "dup", "name": "dup2"}',
  '{"name": "x", "meta": {"a": 1e400}}',
  '{"name": "x", "score": 1e400}',
  '{"id": null, "name": "null id"}',
  '{"id": null, "text": "null id"}',
  '{"id": null}',
  '{"id": 0, "name": "zero id"}',
  '{"id": -7, "name": "negative id"}',
  '{"id": "custom-id", "text": "chosen id"}',
  '{"guid": null, "name": "no guid"}',
  '{"slug": "nulls", "views": null, "authorId": null}',
  '{"name": "\\ud83d\\ude00 pair", "text": "\\udc00 low", "slug": "\\ud800", "guid": "\\udfff"}',
  '   ',
  '',
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from('{"name":"\xff\xfe","text":"\xc0\xaf","slug":"\xed\xa0\x80"}', 'latin1'),
  Buffer.from([0xc3]),
];

test('malformed, random and oddly typed bodies answer 4xx JSON on every write endpoint', {
  timeout: 60_000,
}, async (t) => {
  const targets = [
    'users',
    'posts',
    'nested',
    'patchUser',
    'putUser',
    'patchPost',
    'notes',
    'accounts',
    'about',
  ] as const;
  const target = fc.constantFrom(...targets);
  const malformed = fc.oneof(
    fc.string({ maxLength: 64 }),
    fc.string({ unit: 'binary', maxLength: 64 }),
    fc.uint8Array({ maxLength: 128 }).map((a) => Buffer.from(a)),
    fc.json().chain((j) => fc.nat({ max: Math.max(0, j.length - 1) }).map((n) => j.slice(0, n))),
    fc.json().map((j) => `${j}}`),
    fc.constantFrom(...NASTY_BODIES),
    fc.dictionary(nastyText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((o) => JSON.stringify(o)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  );
  const contentType = fc.option(
    fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/vnd.api+json',
        'APPLICATION/JSON',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        '',
        ';',
        'application/json;;;',
        'application/jsonx',
        `application/json; ${'x'.repeat(2000)}`,
      ),
      fc.string({ maxLength: 40 }).filter((v) => !/[\r\n]/.test(v)),
    ),
    { nil: undefined },
  );
  const opFor = (
    where: (typeof targets)[number],
    body: Buffer | string,
    type: string | undefined,
    id: number,
    slug: string,
  ): Op => {
    const ops: Record<(typeof targets)[number], Op> = {
      users: { kind: 'create', table: 'users', body, contentType: type },
      posts: { kind: 'create', table: 'posts', body, contentType: type },
      nested: { kind: 'nestedCreate', authorId: String(id), body, contentType: type },
      patchUser: {
        kind: 'update',
        table: 'users',
        method: 'PATCH',
        column: 'id',
        value: String(id),
        body,
        contentType: type,
      },
      putUser: {
        kind: 'update',
        table: 'users',
        method: 'PUT',
        column: 'id',
        value: String(id),
        body,
        contentType: type,
      },
      patchPost: {
        kind: 'update',
        table: 'posts',
        method: 'PATCH',
        column: 'slug',
        value: slug,
        body,
        contentType: type,
      },
      notes: { kind: 'create', table: 'notes', body, contentType: type },
      accounts: { kind: 'create', table: 'accounts', body, contentType: type },
      about: { kind: 'static', method: 'POST', body },
    };
    return ops[where];
  };
  for (const body of NASTY_BODIES)
    for (const where of targets)
      await run('malformed and random bodies', opFor(where, body, undefined, 1, createdSlugs[0] ?? 'missing'));
  await check(
    fc.asyncProperty(
      target,
      malformed,
      contentType,
      fc.nat({ max: 30 }),
      slugRef,
      async (where, body, type, id, slug) => {
        await run('malformed and random bodies', opFor(where, body, type, id, slug));
      },
    ),
    params(20, 400),
  );
  checkDatabase(t, 'malformed bodies');
});

test('JSON nested 100,000 levels deep (arrays and objects, whole body and json field) answers 400, never 500', {
  timeout: 60_000,
}, async (t) => {
  const N = 100_000;
  const deep = {
    arrays: `${'['.repeat(N)}${']'.repeat(N)}`,
    objects: `${'{"a":'.repeat(N)}1${'}'.repeat(N)}`,
    mixed: `${'[{"a":'.repeat(N / 2)}1${'}]'.repeat(N / 2)}`,
    unclosed: '['.repeat(N),
    unclosedObjects: '{"a":'.repeat(N),
  };
  const inField = (v: string): string => `{"name":"deep","meta":${v}}`;
  for (const [name, text] of Object.entries(deep)) {
    for (const body of [text, inField(text)]) {
      await run('deep nesting (100,000 levels)', { kind: 'create', table: 'users', body });
      await run('deep nesting (100,000 levels)', {
        kind: 'update',
        table: 'users',
        method: 'PATCH',
        column: 'id',
        value: '1',
        body,
      });
      await run('deep nesting (100,000 levels)', {
        kind: 'update',
        table: 'users',
        method: 'PUT',
        column: 'id',
        value: '2',
        body,
      });
      await run('deep nesting (100,000 levels)', { kind: 'create', table: 'posts', body });
    }
    t.diagnostic(`deep ${name}: ${text.length} bytes`);
  }
  // Around SQLite's limit: 1000 levels are stored, 1001 are refused.
  await check(
    fc.asyncProperty(fc.integer({ min: 995, max: 1005 }), fc.boolean(), async (n, arrays) => {
      const v = arrays ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"k":'.repeat(n)}null${'}'.repeat(n)}`;
      await run('deep nesting (around 1000 levels)', { kind: 'create', table: 'users', body: inField(v) });
    }),
    params(30, 16),
  );
  checkDatabase(t, 'deep nesting');
});

test('huge bodies and strings: a few MB within and above the 1 MiB limit', { timeout: 60_000 }, async (t) => {
  const user = (bytes: number, unit = 'x'): string => {
    const frame = JSON.stringify({ name: '', email: `big${bytes}${unit.codePointAt(0)}@x` });
    const n = Math.floor((bytes - Buffer.byteLength(frame)) / (Buffer.byteLength(JSON.stringify(unit)) - 2));
    return JSON.stringify({ name: unit.repeat(Math.max(0, n)), email: `big${bytes}${unit.codePointAt(0)}@x` });
  };
  const sizes = [512 * 1024, LIMIT - 1, LIMIT, LIMIT + 1, 2 * LIMIT, 3 * 1000 * 1000, 5 * 1000 * 1000];
  for (const size of sizes) {
    for (const unit of ['x', '😀', '\u0000']) {
      const body = user(size, unit);
      await run('huge bodies', { kind: 'create', table: 'users', body });
      await run('huge bodies', { kind: 'update', table: 'users', method: 'PATCH', column: 'id', value: '3', body });
    }
    // The same bytes sent chunked, with no Content-Length to refuse up front.
    const body = user(size);
    count('huge bodies');
    const res = await exchange(
      build({
        method: 'POST',
        target: '/users',
        body: Buffer.from(body),
        chunked: true,
        headers: [['Content-Type', 'application/json']],
      }),
    );
    checkWellFormed(res, `chunked ${size}`);
    const prediction = predictCreate('users', parsedBody(body, undefined), {});
    assert.equal(res.status, prediction.status, `chunked ${size}`);
    if (prediction.apply) prediction.apply(JSON.parse(res.body.toString('utf8')));
  }
  // A json field holding a multi-megabyte string, under and over the limit.
  for (const size of [LIMIT - 100, 4 * LIMIT]) {
    await run('huge bodies', {
      kind: 'create',
      table: 'users',
      body: JSON.stringify({ name: 'big meta', meta: { s: 'y'.repeat(size) } }),
    });
  }
  // A declared Content-Length past the limit is refused before any body arrives.
  count('huge bodies');
  const early = await exchange(
    Buffer.from(
      'POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\n{',
      'latin1',
    ),
  );
  checkWellFormed(early, 'declared huge');
  assert.equal(early.status, 413);
  // Megabytes in the URL and in one header: 431, not a crash.
  for (const target of [
    `/users/${'9'.repeat(3_000_000)}`,
    `/users?name=${'%F0%9F%98%80'.repeat(300_000)}`,
    `/posts/${'a'.repeat(20_000)}`,
  ]) {
    count('huge bodies');
    const res = await exchange(build({ method: 'GET', target }));
    checkWellFormed(res, 'huge URL');
    assert.equal(res.status, 431);
  }
  checkDatabase(t, 'huge bodies');
  // The multi-megabyte users go again (through the API, tracked), so that later lists stay small.
  for (const row of model.rows.users.filter((r) => JSON.stringify(r.rec).length > 100_000)) {
    await run('huge bodies', { kind: 'delete', table: 'users', column: 'id', value: String(row.rec.id) });
  }
});

test('unicode, emoji, NUL bytes and lone surrogates in paths and path parameters', { timeout: 60_000 }, async (t) => {
  // Slugs made of anything are stored, then found, patched and deleted by their percent-encoded form.
  await check(
    fc.asyncProperty(
      nastyText.filter((x) => x.length > 0),
      nastyText,
      async (slug, title) => {
        const create = await run('unicode in path parameters', {
          kind: 'create',
          table: 'posts',
          body: JSON.stringify({ slug, title }),
        });
        const storedSlug = create.status === 201 ? (JSON.parse(create.body.toString('utf8')).slug as string) : slug;
        for (const value of [slug, storedSlug]) {
          await run('unicode in path parameters', { kind: 'get', table: 'posts', column: 'slug', value });
          await run('unicode in path parameters', {
            kind: 'update',
            table: 'posts',
            method: 'PATCH',
            column: 'slug',
            value,
            body: JSON.stringify({ title: `${title}!` }),
          });
        }
        if (storedSlug.length % 2 === 0)
          await run('unicode in path parameters', {
            kind: 'delete',
            table: 'posts',
            column: 'slug',
            value: storedSlug,
          });
        await run('unicode in path parameters', { kind: 'get', table: 'users', column: 'id', value: slug });
        await run('unicode in path parameters', { kind: 'nestedList', authorId: slug, query: '' });
        await run('unicode in path parameters', { kind: 'get', table: 'notes', column: 'id', value: slug });
        await run('unicode in path parameters', { kind: 'get', table: 'accounts', column: 'guid', value: slug });
      },
    ),
    params(40, 120),
  );
  // Raw bytes the HTTP parser refuses, or takes as they are, in the path itself.
  const raw = fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 12 }).map((a) => Buffer.from(a).toString('latin1')),
    fc.constantFrom(
      '\u0000',
      '\u00ff',
      '\u00ed\u00a0\u0080',
      '\u00e2\u009c\u0093',
      '%',
      '%%',
      '%0',
      '%G0',
      '%00',
      '%ED%A0%80',
      '%F0%9F%98',
      '%C0%AF',
      '..',
      '.',
      '//',
      '/./',
      '\\',
      '|',
      '{}',
      '<>',
      '`',
      '^',
      '"',
    ),
  );
  await check(
    fc.asyncProperty(
      fc.constantFrom('/users/', '/posts/', '/users/1/posts/', '/health/', '/', '/nowhere/'),
      raw,
      fc.constantFrom('GET', 'DELETE', 'PATCH', 'HEAD'),
      async (prefix, bytes, method) => {
        count('raw bytes in paths');
        // Writes carry a marker no stored key starts with, so they can only fail or find nothing.
        const target = `${prefix}${method === 'GET' || method === 'HEAD' ? '' : 'raw-'}${bytes}`;
        const res = await exchange(
          build({ method, target, body: method === 'PATCH' ? '{"title":"raw"}' : undefined }),
          method === 'HEAD',
        );
        checkWellFormed(res, `raw path ${JSON.stringify(target)}`, method === 'HEAD');
        assert.ok(
          res.status >= 400 || method === 'GET' || method === 'HEAD',
          `a write to ${JSON.stringify(target)} failed or found nothing (${res.status})`,
        );
      },
    ),
    params(41, 150),
  );
  checkDatabase(t, 'unicode paths');
});

test('query values, filters, _sort and _order with unicode, NUL, lone surrogates and SQL', {
  timeout: 60_000,
}, async (t) => {
  const fieldNames = [
    ...SCHEMAS.users.map((f) => f.name),
    'name_like',
    'age_gte',
    'age_lt',
    'score_gt',
    'born_lte',
    'email_ne',
    'active',
    'meta',
    'q',
  ];
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fieldNames, '_sort', '_order', '_page', '_limit') },
    { weight: 1, arbitrary: fc.oneof(nastyText, sqlish) },
  );
  const value = fc.oneof(
    nastyText,
    sqlish,
    fc.integer({ min: -5, max: 200 }).map(String),
    fc.constantFrom(
      '',
      'true',
      'false',
      '1',
      '0',
      '-1',
      '1e400',
      'NaN',
      '0x10',
      ' 5 ',
      'name',
      '-name',
      'name,-age',
      'desc',
      'asc,desc',
      'id,rowid',
      'name,,age',
    ),
    fc.constantFrom(...model.rows.users.slice(0, 20).map((r) => String(r.rec.name)), 'missing'),
  );
  const wtf8 = (text: string): string => encodeSegment(text);
  const query = fc
    .array(fc.tuple(name, value), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${wtf8(k)}=${wtf8(v)}`).join('&'));
  await check(
    fc.asyncProperty(
      query,
      fc.constantFrom<'users' | 'posts' | 'notes' | 'nested'>('users', 'users', 'users', 'posts', 'notes', 'nested'),
      async (q, where) => {
        const op: Op =
          where === 'nested'
            ? { kind: 'nestedList', authorId: '1', query: q }
            : { kind: 'list', table: where, query: q };
        await run('query values and filters', op);
      },
    ),
    params(50, 350),
  );
  // SQL-looking sort fields and orders always answer 400 or sort by a real field.
  await check(
    fc.asyncProperty(sqlish, fc.oneof(sqlish, fc.constantFrom('asc', 'desc')), async (sort, order) => {
      await run('SQL in _sort/_order', {
        kind: 'list',
        table: 'users',
        query: `_sort=${wtf8(sort)}&_order=${wtf8(order)}`,
      });
      await run('SQL in _sort/_order', { kind: 'list', table: 'posts', query: `_sort=${wtf8(`name,${sort}`)}` });
    }),
    params(51, 60),
  );
  // SQL-looking path parameters find nothing (or the record whose key is that very text).
  await check(
    fc.asyncProperty(sqlish, async (v) => {
      await run('SQL in path parameters', { kind: 'get', table: 'users', column: 'id', value: v });
      await run('SQL in path parameters', { kind: 'get', table: 'posts', column: 'slug', value: v });
      await run('SQL in path parameters', { kind: 'delete', table: 'users', column: 'id', value: v });
      await run('SQL in path parameters', {
        kind: 'update',
        table: 'users',
        method: 'PATCH',
        column: 'id',
        value: v,
        body: '{"name":"sql"}',
      });
      await run('SQL in path parameters', { kind: 'nestedList', authorId: v, query: '' });
    }),
    params(52, 60),
  );
  const tables = dbOf(s).prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
  assert.deepEqual(tables, initialTables, 'no table was dropped or created');
  checkDatabase(t, 'queries');
});

test('unknown methods (PROPFIND, BREW, CONNECT…) answer 4xx JSON', { timeout: 60_000 }, async (t) => {
  const method = fc
    .oneof(
      fc.constantFrom(
        'PROPFIND',
        'PROPPATCH',
        'MKCOL',
        'COPY',
        'MOVE',
        'LOCK',
        'UNLOCK',
        'PURGE',
        'SEARCH',
        'REPORT',
        'TRACE',
        'LINK',
        'UNLINK',
        'QUERY',
        'SOURCE',
        'CONNECT',
        'PRI',
      ),
      fc.constantFrom('BREW', 'WHEN', 'get', 'Get', 'G3T', 'DELETE2', 'FOO-BAR', 'X'),
      fc.stringMatching(/^[A-Z]{1,10}$/),
    )
    .filter((m) => !['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'].includes(m));
  const path = fc.constantFrom(
    '/users',
    '/users/1',
    '/posts',
    '/posts/a',
    '/users/1/posts',
    '/health',
    '/about',
    '/nowhere',
    '*',
    'example.com:443',
  );
  await check(
    fc.asyncProperty(method, path, fc.boolean(), async (m, target, withBody) => {
      count('unknown methods');
      const res = await exchange(build({ method: m, target, body: withBody ? '{"name":"m"}' : undefined }));
      checkWellFormed(res, `${m} ${target}`);
      assert.ok(res.status >= 400, `${m} ${target}: ${res.status}`);
    }),
    params(60, 150),
  );
  // The same through node:http's client, as a client library would send them.
  for (const m of ['PROPFIND', 'BREW', 'MKCOL', 'PURGE', 'SEARCH', 'UNLOCK']) {
    count('unknown methods');
    const { status, type, body } = await new Promise<{ status: number; type: string; body: string }>(
      (resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/users/1', method: m, agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: text }),
          );
        });
        req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
        req.on('error', reject);
        req.end();
      },
    );
    assert.ok(status === 400 || status === 405, `${m}: ${status}`);
    assert.match(type, /^application\/json/);
    assert.equal(typeof (JSON.parse(body) as { error: unknown }).error, 'string');
  }
  checkDatabase(t, 'methods');
});

test('absurd headers: very long, very many, odd Accept and Content-Type values, no Host', {
  timeout: 60_000,
}, async (t) => {
  const headerValue = fc.oneof(
    fc.string({ maxLength: 60 }).filter((v) => !/[\r\n]/.test(v)),
    fc.uint8Array({ maxLength: 40 }).map((a) =>
      Buffer.from(a)
        .toString('latin1')
        .replace(/[\r\n]/g, ''),
    ),
    fc.constantFrom(
      '*/*',
      'application/json',
      'application/xml',
      'text/xml',
      'text/html',
      'image/png',
      '*/*;q=0',
      'application/json;q=0, application/xml;q=0',
      'application/*',
      ';;;',
      ',,,',
      'q=abc/*;q=-1',
      '\u0000',
      'application/json;q=2',
      `${'application/json, '.repeat(300)}*/*`,
    ),
  );
  const op = fc.constantFrom<Op>(
    { kind: 'list', table: 'users', query: '' },
    { kind: 'get', table: 'users', column: 'id', value: '1' },
    { kind: 'get', table: 'posts', column: 'slug', value: 'missing' },
    { kind: 'static', method: 'GET' },
    { kind: 'create', table: 'notes', body: '{"text":"headers"}' },
  );
  await check(
    fc.asyncProperty(
      op,
      headerValue,
      headerValue,
      fc.constantFrom(0, 1, 50, 200, 1500),
      fc.constantFrom(10, 1000, 8000, 15_000, 17_000, 100_000),
      async (o, accept, type, many, long) => {
        count('absurd headers');
        const { req } = requestOf(o);
        const headers: [string, string][] = [
          ['Accept', accept],
          ['X-Long', 'v'.repeat(long)],
          ...Array.from({ length: many }, (_, i): [string, string] => [`X-Many-${i}`, String(i)]),
        ];
        if (req.body !== undefined) headers.push(['Content-Type', type]);
        const res = await exchange(build({ ...req, headers }));
        const body = checkWellFormed(res, `headers accept=${JSON.stringify(accept)} many=${many} long=${long}`);
        if (res.status === 201 && body && typeof body === 'object')
          model.rows.notes.push({ rowid: model.nextRowid('notes'), rec: readBack('notes', body as Rec) });
        if (res.status === 201 && !body) {
          // An XML answer to a create: the record is the newest note in the file.
          const row = dbOf(s).prepare('SELECT id, text FROM notes ORDER BY rowid DESC LIMIT 1').get() as Rec;
          model.rows.notes.push({ rowid: model.nextRowid('notes'), rec: row });
        }
      },
    ),
    params(70, 150),
  );
  for (const raw of [
    'GET /users HTTP/1.1\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.1\r\nHost: x\r\nBad Header: x\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.1\r\nHost: x\r\n: empty\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.1\r\nHost: x\r\nX-Fold: a\r\n b\r\nConnection: close\r\n\r\n',
    'POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}',
    'POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
    'POST /users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\nConnection: close\r\n\r\n',
    'POST /users HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    'POST /users HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: close, Upgrade\r\n\r\n',
    'GET /users HTTP/2.0\r\nHost: x\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.7\r\nHost: x\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.0\r\n\r\n',
    'GET /users\r\n\r\n',
    'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
    '\r\n\r\nGET /users HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'GET /users HTTP/1.1\nHost: x\nConnection: close\n\n',
    `GET /users HTTP/1.1\r\nHost: x\r\nCookie: ${'a=b; '.repeat(5000)}\r\nConnection: close\r\n\r\n`,
  ]) {
    count('absurd headers');
    const res = await exchange(Buffer.from(raw, 'latin1'));
    checkWellFormed(res, `raw ${JSON.stringify(raw.slice(0, 80))}`);
  }
  checkDatabase(t, 'headers');
});

test('after every category: integrity_check passes and the rows are exactly the 2xx writes', {
  timeout: 60_000,
}, (t) => {
  checkDatabase(t, 'final');
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  for (const [category, n] of Object.entries(counts)) t.diagnostic(`${category}: ${n} inputs`);
  t.diagnostic(`total: ${total} inputs`);
  assert.ok(total > 2000, 'thousands of inputs were tried');
});
