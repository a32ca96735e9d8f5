import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import type { LogEntry } from '../../shared/src/log-entry.js';
import { CALL_NAMES, type StudioEvents, type StudioHandlers } from '../../shared/src/studio-contract.js';
import { AppSettingsFile } from '../src/studio/app-settings.js';
import { callFailure } from '../src/studio/call-error.js';
import { createStudioHandlers } from '../src/studio/handlers.js';
import type { StudioSession, StudioSessionOptions } from '../src/studio/session.js';
import { tempDir, yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, unique: true }
        age: integer
    Post:
      properties:
        id: integer
        title: string
  endpoints:
    - resource: User
    - resource: Post
    - path: /health
      method: GET
      response:
        inline: { status: ok }
  seed:
    User:
      - { name: Ada, email: ada@example.com, age: 36 }
      - { name: Grace, email: grace@example.com, age: 45 }
      - { name: Alan, email: alan@example.com, age: 41 }
      - { name: Annie, email: annie@example.com, age: 29 }
      - { name: Barbara, email: barbara@example.com, age: 52 }
    Post:
      - { title: Hello }
      - { title: World }
`;

/** CONFIG plus one more static endpoint. */
const CONFIG_WITH_EXTRA = CONFIG.replace(
  'seed:\n',
  '  - path: /extra\n    method: GET\n    response:\n      inline: { extra: true }\nseed:\n',
);

interface Opened {
  session: StudioSession;
  handlers: StudioHandlers;
  dir: string;
  configPath: string;
  /** fetch against the mock server's current URL. */
  mock(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

async function open(text: string = CONFIG, options: Partial<StudioSessionOptions> = {}): Promise<Opened> {
  const opened = await openSession(text, options);
  return {
    ...opened,
    mock: (path, init) => {
      const url = opened.session.status().url;
      if (!url) throw new Error('the mock server is not running');
      return fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(5000) });
    },
  };
}

/** The next `name` event whose payload matches, or a rejection after `ms`. */
function nextEvent<K extends keyof StudioEvents & string>(
  session: StudioSession,
  name: K,
  match: (payload: StudioEvents[K]) => boolean = () => true,
  ms = 5000,
): Promise<StudioEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no '${name}' event within ${ms} ms`));
    }, ms);
    const off = session.on(name, (arg) => {
      const payload = arg as StudioEvents[K];
      if (!match(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

const listenOn = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });
const closeServer = (srv: Server): Promise<void> => new Promise((resolve) => srv.close(() => resolve()));
const portOf = (srv: Server): number => (srv.address() as { port: number }).port;
const freePort = async (): Promise<number> => {
  const srv = await listenOn(0);
  const port = portOf(srv);
  await closeServer(srv);
  return port;
};

/** True when nothing accepts connections at `url`. */
async function refuses(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return false;
  } catch {
    return true;
  }
}

test('the handlers implement every call of the contract', async () => {
  const s = await open();
  try {
    assert.deepEqual(Object.keys(s.handlers).sort(), [...CALL_NAMES].sort());
    for (const name of CALL_NAMES) assert.equal(typeof s.handlers[name], 'function', name);
  } finally {
    await s.close();
  }
});

test('config.get returns the text, path, endpoints and database of the open config', async () => {
  const s = await open();
  try {
    const state = await s.handlers['config.get']({});
    assert.equal(state.text, CONFIG);
    assert.equal(state.path, s.configPath);
    assert.deepEqual(
      state.problems.filter((p) => p.severity === 'error'),
      [],
    );
    const routes = state.endpoints.map((e) => `${e.method} ${e.path}`);
    for (const route of [
      'GET /users',
      'POST /users',
      'GET /users/:id',
      'PATCH /users/:id',
      'DELETE /users/:id',
      'GET /posts',
      'GET /health',
    ]) {
      assert.ok(routes.includes(route), `${route} in ${routes.join(', ')}`);
    }
    const health = state.endpoints.find((e) => e.path === '/health');
    assert.equal(health?.kind, 'static');
    assert.equal(health?.line, CONFIG.split('\n').indexOf('  - path: /health') + 1);
    assert.equal(state.database, join(s.dir, 'mockyard.sqlite'));
    assert.ok(existsSync(state.database));
  } finally {
    await s.close();
  }
});

test('config.get reports the --db override as the database', async () => {
  const { dir, cleanup } = tempDir('mockyard-studio-db-');
  try {
    const database = join(dir, 'elsewhere.db');
    const s = await open(CONFIG, { database });
    try {
      assert.equal((await s.handlers['config.get']({})).database, database);
      assert.ok(existsSync(database));
    } finally {
      await s.close();
    }
  } finally {
    cleanup();
  }
});

test('config.validate returns positioned problems and a duration, and changes nothing', async () => {
  const s = await open();
  try {
    const bad = CONFIG.replace('age: integer', 'age: integr');
    const line = bad.split('\n').findIndex((l) => l.includes('integr') && !l.includes('integer')) + 1;
    const result = await s.handlers['config.validate']({ text: bad });
    assert.equal(typeof result.durationMs, 'number');
    assert.ok(result.durationMs >= 0 && result.durationMs < 5000, `durationMs ${result.durationMs}`);
    const error = result.problems.find((p) => p.severity === 'error');
    assert.ok(error, JSON.stringify(result.problems));
    assert.equal(error.range.start.line, line);
    assert.ok(error.range.start.column >= 1);
    assert.deepEqual(error.path.slice(0, 4), ['schemas', 'User', 'properties', 'age']);
    assert.match(error.message, /integer/);

    const ok = await s.handlers['config.validate']({ text: CONFIG_WITH_EXTRA });
    assert.deepEqual(
      ok.problems.filter((p) => p.severity === 'error'),
      [],
    );

    // Validation neither writes the file nor changes what is served.
    assert.equal(readFileSync(s.configPath, 'utf8'), CONFIG);
    assert.equal((await s.mock('/extra')).status, 404);
    assert.equal(s.session.status().version, 1);
    await assert.rejects(s.handlers['config.validate']({ text: 42 as unknown as string }), TypeError);
  } finally {
    await s.close();
  }
});

/** A config of about `lines` lines: schemas with resources, then static endpoints. */
function bigConfig(lines: number): string {
  const out = ['schemas:'];
  let n = 0;
  while (out.length < lines * 0.6) {
    out.push(
      `  Thing${n}:`,
      '    properties:',
      '      id: integer',
      `      name: { type: string, required: true }`,
      '      size: number',
      '      done: boolean',
      '      at: datetime',
      '      data: json',
    );
    n++;
  }
  out.push('endpoints:');
  for (let i = 0; i < n; i++) out.push(`  - resource: Thing${i}`);
  for (let i = 0; out.length < lines; i++)
    out.push(`  - path: /static/${i}`, '    method: GET', '    response:', `      inline: { n: ${i} }`);
  return `${out.join('\n')}\n`;
}

test('config.validate of a ~500-line config is fast', async (t) => {
  const s = await open();
  try {
    const text = bigConfig(500);
    const lines = text.split('\n').length - 1;
    assert.ok(lines >= 490 && lines <= 510, `${lines} lines`);
    await s.handlers['config.validate']({ text }); // warm up
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await s.handlers['config.validate']({ text });
      assert.deepEqual(
        result.problems.filter((p) => p.severity === 'error'),
        [],
      );
      times.push(result.durationMs);
    }
    const median = [...times].sort((a, b) => a - b)[2] as number;
    t.diagnostic(
      `validating ${lines} lines: median ${median.toFixed(2)} ms (${times.map((x) => x.toFixed(2)).join(', ')})`,
    );
    assert.ok(median < 500, `median ${median} ms`);
  } finally {
    await s.close();
  }
});

test('config.save of a valid text writes the file and serves the new endpoint', async () => {
  const s = await open();
  try {
    const applied = nextEvent(s.session, 'config.applied');
    const result = await s.handlers['config.save']({ text: CONFIG_WITH_EXTRA });
    assert.equal(result.applied, true);
    assert.deepEqual(
      result.problems.filter((p) => p.severity === 'error'),
      [],
    );
    assert.equal(result.version, 2);
    assert.ok(result.endpoints.some((e) => e.path === '/extra'));
    assert.equal(readFileSync(s.configPath, 'utf8'), CONFIG_WITH_EXTRA);
    assert.equal((await applied).version, 2);
    const res = await s.mock('/extra');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { extra: true });
    const state = await s.handlers['config.get']({});
    assert.equal(state.text, CONFIG_WITH_EXTRA);
    assert.ok(state.endpoints.some((e) => e.path === '/extra'));
    assert.equal(s.session.status().servingLastValid, false);
  } finally {
    await s.close();
  }
});

test('config.save of an invalid text writes it, keeps serving the last valid config and says so', async () => {
  const s = await open();
  try {
    const invalid = CONFIG_WITH_EXTRA.replace(
      'method: GET\n    response:\n      inline: { extra: true }',
      'method: FETCH\n    response:\n      inline: { extra: true }',
    );
    assert.notEqual(invalid, CONFIG_WITH_EXTRA);
    const rejected = nextEvent(s.session, 'config.rejected');
    const result = await s.handlers['config.save']({ text: invalid });
    assert.equal(result.applied, false);
    const errors = result.problems.filter((p) => p.severity === 'error');
    assert.ok(errors.length > 0);
    assert.equal(errors[0]?.range.start.line, invalid.split('\n').indexOf('    method: FETCH') + 1);
    assert.equal(result.version, 1);
    assert.ok(!result.endpoints.some((e) => e.path === '/extra'), 'endpoints are the served ones');
    assert.deepEqual((await rejected).problems, result.problems);
    assert.equal(readFileSync(s.configPath, 'utf8'), invalid, 'the text is saved even though it is not served');

    assert.equal((await s.mock('/health')).status, 200);
    assert.equal((await s.mock('/users')).status, 200);
    assert.equal((await s.mock('/extra')).status, 404);
    const status = await s.handlers['server.status']({});
    assert.equal(status.state, 'running');
    assert.equal(status.servingLastValid, true);
    assert.equal(status.version, 1);
    const state = await s.handlers['config.get']({});
    assert.equal(state.text, invalid);
    assert.ok(state.problems.some((p) => p.severity === 'error'));

    // Fixing it makes it live and clears the flag.
    const fixed = await s.handlers['config.save']({ text: CONFIG_WITH_EXTRA });
    assert.equal(fixed.applied, true);
    assert.equal(fixed.version, 2);
    assert.equal((await s.handlers['server.status']({})).servingLastValid, false);
    assert.equal((await s.mock('/extra')).status, 200);
  } finally {
    await s.close();
  }
});

test('an invalid file opens with its problems and no server; saving a valid text starts it', async () => {
  const invalid = CONFIG.replace('age: integer', 'age: integr');
  const s = await open(invalid);
  try {
    const status = await s.handlers['server.status']({});
    assert.equal(status.state, 'stopped');
    assert.equal(status.url, undefined);
    assert.equal(status.servingLastValid, false);
    const state = await s.handlers['config.get']({});
    assert.equal(state.text, invalid);
    assert.ok(state.problems.some((p) => p.severity === 'error'));
    assert.deepEqual(state.endpoints, []);

    const result = await s.handlers['config.save']({ text: CONFIG });
    assert.equal(result.applied, true);
    assert.equal((await s.handlers['server.status']({})).state, 'running');
    assert.equal((await s.mock('/health')).status, 200);
  } finally {
    await s.close();
  }
});

test('concurrent saves all succeed and the last one wins', async () => {
  const s = await open();
  try {
    const texts = [CONFIG, CONFIG_WITH_EXTRA, CONFIG, CONFIG_WITH_EXTRA];
    const results = await Promise.all(texts.map((text) => s.handlers['config.save']({ text })));
    for (const r of results) assert.equal(r.applied, true);
    assert.equal(readFileSync(s.configPath, 'utf8'), CONFIG_WITH_EXTRA);
    assert.equal((await s.handlers['config.get']({})).text, CONFIG_WITH_EXTRA);
    assert.equal((await s.mock('/extra')).status, 200);
  } finally {
    await s.close();
  }
});

test('a save still in flight when the session closes leaves nothing running', async () => {
  const s = await open();
  try {
    const url = s.session.status().url as string;
    const saving = s.handlers['config.save']({ text: CONFIG_WITH_EXTRA }).then(
      () => 'saved',
      (err: Error) => err.message,
    );
    await s.session.close();
    await saving;
    assert.equal(s.session.engine.listening, false, 'the engine is not listening after close');
    assert.equal(sqliteOf(s.session.engine.store), undefined, 'the database is closed');
    assert.ok(await refuses(`${url}/health`));
    await assert.rejects(s.handlers['config.save']({ text: CONFIG }), /closed/);
    assert.equal(s.session.engine.listening, false);
  } finally {
    await s.close();
  }
});

test('server.stop and server.start', async () => {
  const s = await open();
  try {
    const running = await s.handlers['server.status']({});
    assert.equal(running.state, 'running');
    assert.ok(running.url && running.port && running.port > 0);
    assert.equal(running.url, `http://127.0.0.1:${running.port}`);
    assert.equal(running.error, undefined);

    const statusEvent = nextEvent(s.session, 'server.status', (st) => st.state === 'stopped');
    const stopped = await s.handlers['server.stop']({});
    assert.equal(stopped.state, 'stopped');
    assert.equal(stopped.url, undefined);
    assert.equal((await statusEvent).state, 'stopped');
    assert.ok(await refuses(`${running.url}/health`));
    assert.equal((await s.handlers['server.stop']({})).state, 'stopped', 'stopping twice is harmless');

    const started = await s.handlers['server.start']({});
    assert.equal(started.state, 'running');
    assert.ok(started.url);
    const res = await fetch(`${started.url}/health`, { signal: AbortSignal.timeout(5000) });
    assert.deepEqual(await res.json(), { status: 'ok' });
  } finally {
    await s.close();
  }
});

test('server.setPort moves the running mock to another free port', async () => {
  const s = await open();
  try {
    const before = s.session.status();
    const port = await freePort();
    const status = await s.handlers['server.setPort']({ port });
    assert.equal(status.state, 'running');
    assert.equal(status.port, port);
    assert.equal(status.url, `http://127.0.0.1:${port}`);
    assert.equal((await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5000) })).status, 200);
    // The old socket is retired.
    const deadline = Date.now() + 3000;
    while (!(await refuses(`${before.url}/health`)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    assert.ok(await refuses(`${before.url}/health`));

    // The port survives a reload.
    await s.handlers['config.save']({ text: CONFIG_WITH_EXTRA });
    assert.equal(s.session.status().port, port);

    // While stopped, setPort only records the port; start uses it.
    await s.handlers['server.stop']({});
    const other = await freePort();
    const stopped = await s.handlers['server.setPort']({ port: other });
    assert.equal(stopped.state, 'stopped');
    assert.equal(stopped.port, other);
    assert.equal((await s.handlers['server.start']({})).port, other);

    await assert.rejects(s.handlers['server.setPort']({ port: 70000 }), /0 to 65535/);
    await assert.rejects(s.handlers['server.setPort']({ port: 1.5 }), /whole number/);
  } finally {
    await s.close();
  }
});

test('starting on a port in use gives an error state, a message and a free suggested port', async () => {
  const blocker = await listenOn(0);
  const busy = portOf(blocker);
  let s: Opened | undefined;
  try {
    s = await open(CONFIG, { port: busy });
    const status = await s.handlers['server.status']({});
    assert.equal(status.state, 'error');
    assert.equal(status.url, undefined);
    assert.equal(status.port, busy);
    assert.equal(status.error, `Port ${busy} is in use — choose another`);
    assert.equal(typeof status.suggestedPort, 'number');
    const suggested = status.suggestedPort as number;
    assert.notEqual(suggested, busy);
    // The suggestion is really free: we can listen on it ourselves.
    await closeServer(await listenOn(suggested));

    // A valid save does not hide the error or start anything.
    await s.handlers['config.save']({ text: CONFIG_WITH_EXTRA });
    assert.equal((await s.handlers['server.status']({})).state, 'error');

    // server.start retries and fails the same way.
    const again = await s.handlers['server.start']({});
    assert.equal(again.state, 'error');
    assert.equal(again.error, `Port ${busy} is in use — choose another`);

    // Taking the suggestion starts the server.
    const moved = await s.handlers['server.setPort']({ port: suggested });
    assert.equal(moved.state, 'running');
    assert.equal(moved.error, undefined);
    assert.equal(moved.suggestedPort, undefined);
    assert.equal(
      (await fetch(`http://127.0.0.1:${suggested}/extra`, { signal: AbortSignal.timeout(5000) })).status,
      200,
    );
  } finally {
    await s?.close();
    await closeServer(blocker);
  }
});

test('the status says where the port comes from: the option, a chosen port, the config, the default', async () => {
  const s = await open();
  try {
    // open() passes port 0, as --api-port does.
    assert.equal(s.session.status().portOrigin, 'option');
    assert.equal(s.session.status().configPort, undefined);
    const port = await freePort();
    const chosen = await s.handlers['server.setPort']({ port });
    assert.equal(chosen.portOrigin, 'chosen');
    await s.handlers['config.save']({ text: `server:\n  port: ${port}\n${CONFIG}` });
    assert.equal(s.session.status().configPort, port);
    assert.equal(s.session.status().portOrigin, 'config', "the chosen port is the config's own");
  } finally {
    await s.close();
  }
  const d = await open(CONFIG, { port: undefined, defaultPort: 0 });
  try {
    assert.equal(d.session.status().portOrigin, 'default');
  } finally {
    await d.close();
  }
});

test('config.writePort writes the chosen port into the config, comments kept, and the config port counts again', async () => {
  const blocker = await listenOn(0);
  const busy = portOf(blocker);
  const text = `# The team's mock.\nserver:\n  port: ${busy} # the usual port\n  cors: true\n${CONFIG}`;
  const s = await open(text, { port: undefined });
  try {
    assert.equal(s.session.status().state, 'error');
    assert.equal(s.session.status().portOrigin, 'config');
    const suggested = s.session.status().suggestedPort as number;
    const moved = await s.handlers['server.setPort']({ port: suggested });
    assert.equal(moved.state, 'running');
    assert.equal(moved.portOrigin, 'chosen');
    assert.equal(moved.configPort, busy);

    const changed = nextEvent(s.session, 'config.changedOnDisk');
    const result = await s.handlers['config.writePort']({ port: suggested });
    assert.equal(result.applied, true);
    const written = readFileSync(s.configPath, 'utf8');
    assert.equal(written, text.replace(`port: ${busy} #`, `port: ${suggested} #`), 'only the port changed');
    assert.equal((await changed).text, written, 'the editor hears of the new text');
    const status = s.session.status();
    assert.equal(status.portOrigin, 'config');
    assert.equal(status.configPort, suggested);
    assert.equal(status.port, suggested);
    assert.equal((await s.mock('/health')).status, 200);

    // The override is gone: editing server.port in the config moves the server again.
    const next = await freePort();
    await s.handlers['config.save']({ text: written.replace(`port: ${suggested}`, `port: ${next}`) });
    assert.equal(s.session.status().port, next);
    assert.equal(s.session.status().portOrigin, 'config');

    await assert.rejects(s.handlers['config.writePort']({ port: 70000 }), /0 to 65535/);
  } finally {
    await s.close();
    await closeServer(blocker);
  }
});

test('config.writePort adds server.port to a config without server:', async () => {
  const s = await open(`# no server block\n${CONFIG}`);
  try {
    const port = await freePort();
    await s.handlers['config.writePort']({ port });
    const written = readFileSync(s.configPath, 'utf8');
    assert.ok(written.startsWith('# no server block\n'), written);
    assert.match(written, new RegExp(`server:\\n  port: ${port}\\n`));
    assert.equal(s.session.status().port, port);
  } finally {
    await s.close();
  }
});

test('turning apply-on-save back on applies the config saved while it was off', async () => {
  const { dir: home, cleanup } = tempDir('mockyard-prefs-');
  const s = await open(CONFIG, { autoApply: false });
  try {
    const handlers = createStudioHandlers(s.session, { settings: new AppSettingsFile(home) });
    await handlers['config.save']({ text: CONFIG_WITH_EXTRA });
    assert.equal(s.session.status().pendingApply, true);
    assert.equal((await s.mock('/extra')).status, 404, 'saved, not applied');
    const settings = await handlers['app.configure']({ autoApply: true });
    assert.equal(settings.autoApply, true);
    assert.equal(s.session.status().pendingApply, false);
    assert.equal((await s.mock('/extra')).status, 200, 'applied when switched back on');
    // Off again: the next save waits once more.
    await handlers['app.configure']({ autoApply: false });
    await handlers['config.save']({ text: CONFIG });
    assert.equal(s.session.status().pendingApply, true);
    assert.equal((await s.mock('/extra')).status, 200);
  } finally {
    await s.close();
    cleanup();
  }
});

test('server.setPort to a port in use while running reports the conflict', async () => {
  const blocker = await listenOn(0);
  const busy = portOf(blocker);
  const s = await open();
  try {
    const status = await s.handlers['server.setPort']({ port: busy });
    assert.equal(status.error, `Port ${busy} is in use — choose another`);
    assert.equal(status.state, 'error');
    assert.equal(typeof status.suggestedPort, 'number');
    await closeServer(await listenOn(status.suggestedPort as number));
    const moved = await s.handlers['server.setPort']({ port: status.suggestedPort as number });
    assert.equal(moved.state, 'running');
    assert.equal(moved.port, status.suggestedPort);
    assert.equal(moved.error, undefined);
  } finally {
    await s.close();
    await closeServer(blocker);
  }
});

test('tables.list counts rows and marks a table left by a removed schema as orphaned; tables.query reads its rows', async () => {
  const s = await open();
  try {
    const tables = await s.handlers['tables.list']({});
    const users = tables.find((t) => t.table === 'users');
    const posts = tables.find((t) => t.table === 'posts');
    assert.equal(users?.schema, 'User');
    assert.equal(users?.rows, 5);
    assert.equal(users?.orphaned, false);
    assert.deepEqual(
      users?.fields.map((f) => f.name),
      ['id', 'name', 'email', 'age'],
    );
    assert.equal(posts?.rows, 2);
    assert.equal(tables.length, 2, `no internal tables: ${tables.map((t) => t.table).join(', ')}`);

    const withoutPosts = CONFIG.replace(/ {2}Post:\n {4}properties:\n {6}id: integer\n {6}title: string\n/, '')
      .replace('  - resource: Post\n', '')
      .replace(/ {2}Post:\n(?: {4}- .*\n)+/, '');
    assert.ok(!withoutPosts.includes('Post'), withoutPosts);
    assert.equal((await s.handlers['config.save']({ text: withoutPosts })).applied, true);

    const after = await s.handlers['tables.list']({});
    const orphan = after.find((t) => t.table === 'posts');
    assert.ok(orphan, 'the posts table is still listed');
    assert.equal(orphan.orphaned, true);
    assert.equal(orphan.rows, 2);
    assert.equal(orphan.schema, '');
    assert.deepEqual(
      orphan.fields.map((f) => f.name),
      ['id', 'title'],
    );
    assert.equal(after.find((t) => t.table === 'users')?.orphaned, false);
    // Orphans are read-only: the live-config handlers refuse them.
    await assert.rejects(s.handlers['tables.insert']({ table: 'posts', row: { title: 'x' } }), /No table 'posts'/);
    // ...but their rows can be read, as stored, a page at a time.
    const page = await s.handlers['tables.query']({ table: 'posts', offset: 0, limit: 100 });
    assert.equal(page.total, 2);
    assert.deepEqual(
      page.rows.map((r) => r.id),
      [1, 2],
    );
    assert.equal(typeof page.rows[0]?.title, 'string');
    const second = await s.handlers['tables.query']({ table: 'posts', offset: 1, limit: 1, filter: 'title=x' });
    assert.deepEqual(
      second.rows.map((r) => r.id),
      [2],
    );
    assert.match(second.notes?.[0] ?? '', /no schema in the config: filter and sort are off/);
    await assert.rejects(s.handlers['tables.query']({ table: 'nope', offset: 0, limit: 10 }), /No table 'nope'/);
  } finally {
    await s.close();
  }
});

test('tables.query filters, sorts, pages and counts', async () => {
  const s = await open();
  try {
    const all = await s.handlers['tables.query']({ table: 'users', offset: 0, limit: 100 });
    assert.equal(all.total, 5);
    assert.equal(all.rows.length, 5);

    const like = await s.handlers['tables.query']({ table: 'users', filter: 'name_like=an', offset: 0, limit: 100 });
    assert.deepEqual(like.rows.map((r) => r.name).sort(), ['Alan', 'Annie']);
    assert.equal(like.total, 2);

    const sorted = await s.handlers['tables.query']({
      table: 'users',
      sort: { field: 'age', descending: true },
      offset: 0,
      limit: 100,
    });
    assert.deepEqual(
      sorted.rows.map((r) => r.age),
      [52, 45, 41, 36, 29],
    );
    const ascending = await s.handlers['tables.query']({
      table: 'users',
      sort: { field: 'name', descending: false },
      offset: 0,
      limit: 100,
    });
    assert.deepEqual(
      ascending.rows.map((r) => r.name),
      ['Ada', 'Alan', 'Annie', 'Barbara', 'Grace'],
    );

    const page = await s.handlers['tables.query']({
      table: 'users',
      sort: { field: 'age', descending: false },
      offset: 1,
      limit: 2,
    });
    assert.deepEqual(
      page.rows.map((r) => r.age),
      [36, 41],
    );
    assert.equal(page.total, 5);
    const last = await s.handlers['tables.query']({
      table: 'users',
      sort: { field: 'age', descending: false },
      offset: 4,
      limit: 2,
    });
    assert.deepEqual(
      last.rows.map((r) => r.age),
      [52],
    );
    assert.equal(last.total, 5);
    const beyond = await s.handlers['tables.query']({ table: 'users', offset: 10, limit: 2 });
    assert.deepEqual(beyond.rows, []);
    assert.equal(beyond.total, 5);

    const combined = await s.handlers['tables.query']({
      table: 'users',
      filter: 'age_gte=40',
      sort: { field: 'age', descending: false },
      offset: 1,
      limit: 1,
    });
    assert.deepEqual(
      combined.rows.map((r) => r.name),
      ['Grace'],
    );
    assert.equal(combined.total, 3);

    // The studio pages past the API's 100-row cap.
    for (let i = 0; i < 120; i++) await s.handlers['tables.insert']({ table: 'posts', row: { title: `p${i}` } });
    const big = await s.handlers['tables.query']({ table: 'posts', offset: 0, limit: 500 });
    assert.equal(big.rows.length, 122);
    assert.equal(big.total, 122);

    await assert.rejects(s.handlers['tables.query']({ table: 'nope', offset: 0, limit: 10 }), /No table 'nope'/);
    // Untyped callers (the HTTP transport takes any JSON) get a clear 400, not a SQLite error.
    const untyped = s.handlers['tables.query'] as (args: unknown) => Promise<unknown>;
    for (const args of [
      { table: 'users' },
      { table: 'users', offset: 0 },
      { table: 'users', offset: 1.5, limit: 10 },
      { table: 'users', offset: '0', limit: 10 },
    ]) {
      await assert.rejects(untyped(args), (err: Error & { kind?: string }) => {
        assert.equal(err.kind, 'invalid', JSON.stringify(args));
        assert.match(err.message, /whole number for '(offset|limit)'/);
        return true;
      });
    }
    await assert.rejects(
      s.handlers['tables.query']({ table: 'users', sort: { field: 'zzz', descending: false }, offset: 0, limit: 10 }),
      /zzz/,
    );
  } finally {
    await s.close();
  }
});

test('tables.insert, update and delete; bad values and conflicts are refused', async () => {
  const s = await open();
  try {
    const inserted = await s.handlers['tables.insert']({
      table: 'users',
      row: { name: 'Edsger', email: 'ed@example.com', age: 72 },
    });
    assert.equal(inserted.name, 'Edsger');
    assert.equal(typeof inserted.id, 'number');
    const id = inserted.id as number;
    const viaApi = await s.mock(`/users/${id}`);
    assert.deepEqual(await viaApi.json(), inserted);

    const updated = await s.handlers['tables.update']({ table: 'users', key: id, changes: { age: 73 } });
    assert.equal(updated.age, 73);
    assert.equal(updated.name, 'Edsger');
    const byStringKey = await s.handlers['tables.update']({
      table: 'users',
      key: String(id),
      changes: { name: 'E. W. Dijkstra' },
    });
    assert.equal(byStringKey.name, 'E. W. Dijkstra');

    // A wrong type is refused with a message naming the field, and the row is unchanged.
    await assert.rejects(
      s.handlers['tables.update']({ table: 'users', key: id, changes: { age: 'old' } }),
      (err: Error) => {
        assert.match(err.message, /'age'/);
        return true;
      },
    );
    await assert.rejects(s.handlers['tables.insert']({ table: 'users', row: { name: 'X', age: 'young' } }), /'age'/);
    await assert.rejects(s.handlers['tables.insert']({ table: 'users', row: { age: 3 } }), /'name'/);
    const unchanged = await s.handlers['tables.query']({ table: 'users', filter: `id=${id}`, offset: 0, limit: 10 });
    assert.deepEqual(unchanged.rows, [byStringKey]);

    // A unique conflict.
    await assert.rejects(
      s.handlers['tables.insert']({ table: 'users', row: { name: 'Copy', email: 'ada@example.com' } }),
      (err: Error) => {
        assert.match(err.message, /email/);
        assert.deepEqual([callFailure(err).status, callFailure(err).body.code], [409, 'conflict']);
        return true;
      },
    );
    await assert.rejects(
      s.handlers['tables.update']({ table: 'users', key: id, changes: { email: 'grace@example.com' } }),
      /email/,
    );
    assert.equal(
      (await s.handlers['tables.query']({ table: 'users', filter: `id=${id}`, offset: 0, limit: 1 })).rows[0]?.email,
      'ed@example.com',
    );
    assert.equal((await s.handlers['tables.list']({})).find((t) => t.table === 'users')?.rows, 6);

    await assert.rejects(s.handlers['tables.update']({ table: 'users', key: 9999, changes: { age: 1 } }), /No row/);
    // A string of keys is not a list of keys: "12" must not delete rows 1 and 2.
    const untypedDelete = s.handlers['tables.delete'] as (args: unknown) => Promise<unknown>;
    await assert.rejects(untypedDelete({ table: 'users', keys: '12' }), /list of keys/);
    await assert.rejects(untypedDelete({ table: 'users' }), /list of keys/);
    assert.equal((await s.handlers['tables.list']({})).find((t) => t.table === 'users')?.rows, 6);

    const deleted = await s.handlers['tables.delete']({ table: 'users', keys: [id, 1, 9999] });
    assert.equal(deleted.deleted, 2);
    assert.deepEqual(
      deleted.rows.map((r) => r.name),
      ['E. W. Dijkstra', 'Ada'],
      'the deleted rows come back, for undo',
    );
    assert.equal((await s.mock(`/users/${id}`)).status, 404);
    assert.equal((await s.handlers['tables.list']({})).find((t) => t.table === 'users')?.rows, 4);
  } finally {
    await s.close();
  }
});

test('log.list and log.clear', async () => {
  const s = await open();
  try {
    assert.deepEqual(await s.handlers['log.list']({}), []);
    await (await s.mock('/health?x=1')).arrayBuffer();
    await (
      await s.mock('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Linus' }),
      })
    ).arrayBuffer();
    await (await s.mock('/nowhere')).arrayBuffer();
    const entries = await s.handlers['log.list']({});
    assert.deepEqual(
      entries.map((e) => [e.method, e.path, e.status]),
      [
        ['GET', '/health', 200],
        ['POST', '/users', 201],
        ['GET', '/nowhere', 404],
      ],
    );
    assert.equal(entries[0]?.query, 'x=1');
    assert.equal(entries[1]?.endpoint, 'POST /users');
    assert.match(entries[1]?.requestBody ?? '', /Linus/);
    assert.equal(entries[2]?.endpoint, null);
    assert.deepEqual(await s.handlers['log.clear']({}), { cleared: 3 });
    assert.deepEqual(await s.handlers['log.list']({}), []);
    assert.deepEqual(await s.handlers['log.clear']({}), { cleared: 0 });
  } finally {
    await s.close();
  }
});

test("'log.batch' delivers 200 quick requests in a few batches, all of them, in order", async (t) => {
  const s = await open();
  try {
    const batches: LogEntry[][] = [];
    const arrived: number[] = [];
    const off = s.session.on('log.batch', (batch) => {
      batches.push(batch);
      arrived.push(performance.now());
    });
    try {
      for (let i = 0; i < 200; i++) await (await s.mock(`/health?i=${i}`)).arrayBuffer();
      const deadline = Date.now() + 5000;
      while (batches.flat().length < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 120)); // nothing more should come
    } finally {
      off();
    }
    const entries = batches.flat();
    assert.equal(entries.length, 200);
    assert.deepEqual(
      entries.map((e) => e.query),
      Array.from({ length: 200 }, (_, i) => `i=${i}`),
    );
    for (let i = 1; i < entries.length; i++)
      assert.ok((entries[i]?.id ?? 0) > (entries[i - 1]?.id ?? 0), 'ids increase');
    assert.ok(
      batches.every((b) => b.length > 0),
      'no empty batches',
    );
    t.diagnostic(
      `200 requests arrived in ${batches.length} 'log.batch' events (sizes ${batches.map((b) => b.length).join(', ')})`,
    );
    // At most one batch per 50 ms, however long the 200 requests take (longer on a busy machine):
    // a batch never follows the one before sooner (a timer may fire a millisecond early).
    const gaps = arrived.slice(1).map((at, i) => at - (arrived[i] as number));
    assert.ok(Math.min(...gaps) >= 45, `batches ${Math.min(...gaps).toFixed(1)} ms apart`);
    assert.ok(batches.length < 200, `${batches.length} batches for 200 requests`);
  } finally {
    await s.close();
  }
});

test("'config.changedOnDisk' when the file is edited outside, then applied", async () => {
  const s = await open(CONFIG, { watch: true });
  try {
    const changed = nextEvent(s.session, 'config.changedOnDisk');
    const applied = nextEvent(s.session, 'config.applied');
    writeFileSync(s.configPath, CONFIG_WITH_EXTRA);
    assert.equal((await changed).text, CONFIG_WITH_EXTRA);
    assert.equal((await applied).version, 2);
    assert.equal((await s.handlers['config.get']({})).text, CONFIG_WITH_EXTRA);
    assert.equal((await s.mock('/extra')).status, 200);

    // An invalid outside edit is reported and rejected; the last valid config keeps serving.
    const invalid = CONFIG_WITH_EXTRA.replace('age: integer', 'age: integr');
    const changed2 = nextEvent(s.session, 'config.changedOnDisk');
    const rejected = nextEvent(s.session, 'config.rejected');
    writeFileSync(s.configPath, invalid);
    assert.equal((await changed2).text, invalid);
    assert.ok((await rejected).problems.some((p) => p.severity === 'error'));
    assert.equal(s.session.status().servingLastValid, true);
    assert.equal((await s.mock('/extra')).status, 200);

    // The studio's own save does not come back as an outside change.
    let echoed = false;
    const off = s.session.on('config.changedOnDisk', () => (echoed = true));
    await s.handlers['config.save']({ text: CONFIG });
    await new Promise((r) => setTimeout(r, 500));
    off();
    assert.equal(echoed, false);
  } finally {
    await s.close();
  }
});

test("'table.changed' after a POST to the mock and after a studio edit", async () => {
  const s = await open();
  try {
    const viaApi = nextEvent(s.session, 'table.changed');
    const res = await s.mock('/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ken' }),
    });
    assert.equal(res.status, 201);
    assert.deepEqual(await viaApi, { table: 'users', change: 'insert' });

    const viaStudio = nextEvent(s.session, 'table.changed');
    await s.handlers['tables.delete']({ table: 'posts', keys: [1] });
    assert.deepEqual(await viaStudio, { table: 'posts', change: 'delete' });
  } finally {
    await s.close();
  }
});

test('the SQLite file holds what the handlers wrote, after the session closes', async () => {
  const s = await open();
  const database = (await s.handlers['config.get']({})).database;
  try {
    await s.handlers['tables.insert']({ table: 'posts', row: { title: 'persisted' } });
  } finally {
    await s.session.close();
  }
  try {
    const db = new Database(database, { readonly: true });
    try {
      assert.deepEqual(db.prepare('SELECT title FROM posts ORDER BY id').pluck().all(), [
        'Hello',
        'World',
        'persisted',
      ]);
    } finally {
      db.close();
    }
  } finally {
    await s.close().catch(() => undefined);
  }
});
