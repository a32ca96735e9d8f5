import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { applyChanges } from '../../shared/src/config-edit/changes.js';
import type { StudioEvents } from '../../shared/src/studio-contract.js';
import { StudioError } from '../../shared/src/studio-error.js';
import { validateConfig } from '../src/config/validate.js';
import { createStudioHandlers } from '../src/studio/handlers.js';
import { startStudioServer } from '../src/studio/http-transport.js';
import { yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';
import { startUpstream, type Upstream } from './upstream.js';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../engine/tests/fixtures/openapi');
const PETSTORE = readFileSync(resolve(FIXTURES, 'petstore.yaml'), 'utf8');

const PLAIN = yaml`
  # Health only; the rest goes upstream.
  endpoints:
    - path: /health   # liveness
      method: GET
      response:
        inline: { status: ok }
`;
const withProxy = (url: string): string => `${PLAIN}server:\n  proxy: ${url}   # the real API\n`;

/** An upstream answering JSON for GET /things and a list of records for GET /people. */
async function jsonUpstream(): Promise<Upstream> {
  const upstream = await startUpstream();
  upstream.handle = (req, res) => {
    req.resume();
    const body =
      req.url === '/things'
        ? { things: [1, 2] }
        : req.url === '/people'
          ? [
              { id: 1, name: 'Ada' },
              { id: 2, name: 'Grace' },
            ]
          : undefined;
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  return upstream;
}

/** Events of one name, as the session emits them (what both transports forward). */
function collect<E extends keyof StudioEvents>(
  session: { on: (e: E, l: (p: StudioEvents[E]) => void) => unknown },
  event: E,
) {
  const seen: StudioEvents[E][] = [];
  session.on(event, (payload) => seen.push(payload));
  return seen;
}

const refusedWith = (code: string, pattern: RegExp) => (err: unknown) => {
  assert.ok(err instanceof StudioError || err instanceof Error);
  assert.match((err as Error).message, pattern);
  if (err instanceof StudioError) assert.equal(err.code, code);
  return true;
};

test('openapi.import makes a config that validates and serves; bad input is one clear refusal that changes nothing', async () => {
  const s = await openSession(PLAIN);
  try {
    const result = await s.handlers['openapi.import']({ name: 'petstore.yaml', text: PETSTORE });
    assert.deepEqual(result.summary, { schemas: 2, schemaEndpoints: 3, staticEndpoints: 0 });
    assert.match(result.title, /Swagger Petstore 1\.0\.0/);
    assert.match(result.text, /^# Imported from petstore\.yaml/);
    assert.ok(!result.text.includes('mockyard-import-'), 'no temp path in the config');
    assert.deepEqual(
      validateConfig(result.text).problems.filter((p) => p.severity === 'error'),
      [],
    );
    // Nothing is written by the import itself.
    assert.equal(readFileSync(s.configPath, 'utf8'), PLAIN);
    const saved = await s.handlers['config.save']({ text: result.text });
    assert.equal(saved.applied, true);
    const { url } = await s.handlers['server.status']({});
    const created = await fetch(`${url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 7, name: 'Rex' }),
    });
    assert.equal(created.status, 201);
    assert.equal(((await (await fetch(`${url}/pets/7`)).json()) as { name: string }).name, 'Rex');

    await s.handlers['config.save']({ text: PLAIN });
    await assert.rejects(
      s.handlers['openapi.import']({ name: 'notes.yaml', text: 'title: my notes\nitems: [1, 2]\n' }),
      (err: Error & { kind?: string }) => {
        assert.match(err.message, /^Not imported: notes\.yaml is not an OpenAPI or Swagger description/);
        assert.ok(!err.message.includes('\n'));
        assert.equal(err.kind, 'invalid');
        return true;
      },
    );
    const broken = PETSTORE.replace('$ref: "#/components/schemas/Pet"', '$ref: "#/components/schemas/Nope"');
    assert.notEqual(broken, PETSTORE);
    await assert.rejects(s.handlers['openapi.import']({ name: 'petstore.yaml', text: broken }), (err: Error) =>
      /^Not imported: broken \$ref in petstore\.yaml: .*Nope/.test(err.message),
    );
    const elsewhere = PETSTORE.replace('$ref: "#/components/schemas/Pet"', '$ref: "./pet.yaml"');
    await assert.rejects(
      s.handlers['openapi.import']({ name: 'petstore.yaml', text: elsewhere }),
      (err: Error) =>
        !err.message.includes('mockyard-import-') &&
        /^Not imported: .*pet\.yaml.* It refers to another file, which the studio is not given: run `mockyard import petstore\.yaml`/.test(
          err.message,
        ),
    );
    assert.equal(readFileSync(s.configPath, 'utf8'), PLAIN);
  } finally {
    await s.close();
  }
});

test('openapi.export: the saved config, or the text given, as a valid OpenAPI 3.1 document; an invalid text is refused', async () => {
  const s = await openSession(PLAIN);
  try {
    const asJson = await s.handlers['openapi.export']({ format: 'json' });
    assert.equal(asJson.filename, 'mockyard.openapi.json');
    const doc = JSON.parse(asJson.text) as { openapi: string; paths: Record<string, unknown> };
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(Object.keys(doc.paths), ['/health']);
    await SwaggerParser.validate(structuredClone(doc) as never);

    const draft = (await s.handlers['openapi.import']({ name: 'petstore.yaml', text: PETSTORE })).text;
    const asYaml = await s.handlers['openapi.export']({ format: 'yaml', text: draft });
    assert.equal(asYaml.filename, 'mockyard.openapi.yaml');
    const described = parse(asYaml.text) as { paths: Record<string, unknown>; components: { schemas: object } };
    assert.ok('/pets/{petId}' in described.paths);
    assert.ok('Pet' in described.components.schemas);
    await SwaggerParser.validate(described as never);

    await assert.rejects(
      s.handlers['openapi.export']({ format: 'yaml', text: 'endpoints:\n  - path: /x\n    method: FETCH\n' }),
      /The config has \d+ problems?; fix them before exporting OpenAPI/,
    );
  } finally {
    await s.close();
  }
});

test('record.set needs a proxy; recording writes through the session and sends the changes an editor draft can take', async () => {
  const upstream = await jsonUpstream();
  const s = await openSession(PLAIN);
  try {
    assert.deepEqual(await s.handlers['record.status']({}), { mode: null, proxy: null });
    await assert.rejects(s.handlers['record.set']({ mode: 'endpoints' }), refusedWith('conflict', /needs a proxy/));
    await assert.rejects(s.handlers['record.set']({ mode: 'bogus' as never }), /record\.set needs/);

    const statuses = collect(s.session, 'record.status');
    const recorded = collect(s.session, 'record.recorded');
    const disk = collect(s.session, 'config.changedOnDisk');
    await s.handlers['config.save']({ text: withProxy(upstream.url) });
    assert.deepEqual(statuses.at(-1), { mode: null, proxy: upstream.url });
    assert.deepEqual(await s.handlers['record.set']({ mode: 'endpoints' }), { mode: 'endpoints', proxy: upstream.url });
    assert.deepEqual(statuses.at(-1), { mode: 'endpoints', proxy: upstream.url });

    const { url } = await s.handlers['server.status']({});
    const once = new Promise((done) => s.session.engine.once('recorded', done));
    assert.deepEqual(await (await fetch(`${url}/things`)).json(), { things: [1, 2] });
    await once;
    await s.session.engine.recordingSettled();
    assert.deepEqual(recorded, [{ method: 'GET', path: '/things', status: 200 }]);
    const onDisk = readFileSync(s.configPath, 'utf8');
    assert.equal(s.session.text, onDisk);
    assert.match(onDisk, /# Health only; the rest goes upstream\.\n/);
    assert.match(onDisk, /proxy: .* # the real API/);
    assert.match(onDisk, /- path: \/things\n {4}method: GET\n {4}response:\n {6}inline:/);
    const told = disk.at(-1);
    assert.equal(told?.text, onDisk);
    assert.deepEqual(told?.changes, [
      {
        path: ['endpoints'],
        value: { path: '/things', method: 'GET', response: { inline: { things: [1, 2] } } },
        append: true,
      },
    ]);
    // An editor draft (a new endpoint typed, not saved) takes the same change and keeps its own.
    const draft = withProxy(upstream.url).replace(
      'endpoints:\n',
      'endpoints:\n  - path: /mine\n    method: GET\n    response: { inline: { mine: true } }\n',
    );
    const rebased = applyChanges(draft, told?.changes ?? []);
    assert.match(rebased, /path: \/mine/);
    assert.match(rebased, /path: \/things/);
    assert.deepEqual(
      validateConfig(rebased).problems.filter((p) => p.severity === 'error'),
      [],
      rebased,
    );

    // Served without the upstream now.
    await upstream.close();
    assert.deepEqual(await (await fetch(`${url}/things`)).json(), { things: [1, 2] });

    // A save that drops the proxy turns recording off.
    await s.handlers['config.save']({ text: PLAIN });
    assert.deepEqual(statuses.at(-1), { mode: null, proxy: null });
    assert.equal(s.session.engine.recording, undefined);
  } finally {
    await upstream.close();
    await s.close();
  }
});

test('recorded changes and saves go one at a time, each on the text the one before left; --record-schemas through the studio', async () => {
  const upstream = await jsonUpstream();
  const s = await openSession(withProxy(upstream.url));
  try {
    // A save asked first, then a recorded change: the change is made on the saved text, not the old file.
    const edited = withProxy(upstream.url).replace('# Health only', '# Health only (edited)');
    const endpoint = { path: '/late', method: 'GET', response: { inline: { late: true } } };
    const [saved, written] = await Promise.all([
      s.handlers['config.save']({ text: edited }),
      s.session.saveChanges([{ path: ['endpoints'], value: endpoint, append: true }]),
    ]);
    assert.equal(saved.applied, true);
    assert.equal(written, true);
    let onDisk = readFileSync(s.configPath, 'utf8');
    assert.match(onDisk, /# Health only \(edited\)/);
    assert.match(onDisk, /- path: \/late/);
    assert.equal(s.session.text, onDisk);
    // A change that would not validate (the same route again) writes nothing.
    assert.equal(await s.session.saveChanges([{ path: ['endpoints'], value: endpoint, append: true }]), false);
    assert.equal(readFileSync(s.configPath, 'utf8'), onDisk);

    await s.handlers['record.set']({ mode: 'schemas' });
    const { url } = await s.handlers['server.status']({});
    const recorded = new Promise((done) => s.session.engine.once('recorded', done));
    assert.equal(((await (await fetch(`${url}/people`)).json()) as unknown[]).length, 2);
    assert.deepEqual(await recorded, {
      method: 'GET',
      path: '/people',
      status: 200,
      schema: 'Person',
      file: s.configPath,
    });
    onDisk = readFileSync(s.configPath, 'utf8');
    assert.match(onDisk, /# Health only \(edited\)/);
    assert.match(onDisk, /schemas:\n {2}Person:/);
    assert.match(onDisk, /- resource: Person/);
    await upstream.close();
    assert.deepEqual(await (await fetch(`${url}/people/2`)).json(), { id: 2, name: 'Grace' });
  } finally {
    await upstream.close();
    await s.close();
  }
});

test('with Apply on save off, a recording is applied unless saves already wait for Apply', async () => {
  const s = await openSession(PLAIN, { autoApply: false });
  try {
    const endpoint = (path: string) => ({ path, method: 'GET', response: { inline: { at: path } } });
    assert.equal(await s.session.saveChanges([{ path: ['endpoints'], value: endpoint('/a'), append: true }]), true);
    const { url } = await s.handlers['server.status']({});
    assert.deepEqual(await (await fetch(`${url}/a`)).json(), { at: '/a' });
    assert.equal((await s.handlers['server.status']({})).pendingApply, false);
    // A save waiting for Apply: the recording joins it and waits too.
    await s.handlers['config.save']({ text: s.session.text.replace('# Health only', '# Health only (mine)') });
    assert.equal(await s.session.saveChanges([{ path: ['endpoints'], value: endpoint('/b'), append: true }]), true);
    assert.equal((await fetch(`${url}/b`)).status, 404);
    assert.equal((await s.handlers['server.status']({})).pendingApply, true);
    assert.match(readFileSync(s.configPath, 'utf8'), /# Health only \(mine\)[\s\S]*path: \/b/);
  } finally {
    await s.close();
  }
});

test('over HTTP + SSE: openapi and record calls answer, refusals carry their code, record events stream', async () => {
  const upstream = await jsonUpstream();
  const s = await openSession(withProxy(upstream.url));
  const server = await startStudioServer({
    session: s.session,
    handlers: createStudioHandlers(s.session),
    staticDir: s.dir,
    port: 0,
  });
  const base = `http://127.0.0.1:${server.port}`;
  const headers = { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' };
  const call = async (name: string, args: unknown) => {
    const res = await fetch(`${base}/api/call/${name}`, { method: 'POST', headers, body: JSON.stringify(args) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const events = new AbortController();
  const stream = await fetch(`${base}/api/events`, { headers, signal: events.signal });
  const seen: string[] = [];
  const reader = stream.body?.getReader();
  const decoder = new TextDecoder();
  const reading = (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => undefined);
      if (!chunk || chunk.done) return;
      seen.push(decoder.decode(chunk.value));
    }
  })();
  const waitFor = async (pattern: RegExp) => {
    for (let i = 0; i < 100 && !pattern.test(seen.join('')); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(seen.join(''), pattern);
  };
  try {
    const imported = await call('openapi.import', { name: 'petstore.yaml', text: PETSTORE });
    assert.equal(imported.status, 200);
    assert.deepEqual(imported.body.summary, { schemas: 2, schemaEndpoints: 3, staticEndpoints: 0 });
    const bad = await call('openapi.import', { name: 'x.json', text: '{"hello": "world"}' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'invalid');
    assert.match(String(bad.body.error), /^Not imported: x\.json is not an OpenAPI/);
    const exported = await call('openapi.export', { format: 'json' });
    assert.equal(exported.status, 200);
    assert.equal(JSON.parse(String(exported.body.text)).openapi, '3.1.0');

    const on = await call('record.set', { mode: 'endpoints' });
    assert.deepEqual(on.body, { mode: 'endpoints', proxy: upstream.url });
    await waitFor(/event: record\.status\ndata: \{"mode":"endpoints"/);
    const { url } = await s.handlers['server.status']({});
    await (await fetch(`${url}/things`)).text();
    await waitFor(/event: record\.recorded\ndata: \{"method":"GET","path":"\/things","status":200\}/);
    await waitFor(/event: config\.changedOnDisk\ndata: \{"text":"[^\n]*"changes":\[\{"path":\["endpoints"\]/);
    const off = await call('record.set', { mode: null });
    assert.deepEqual(off.body, { mode: null, proxy: upstream.url });
  } finally {
    events.abort();
    await reading;
    await server.close();
    await upstream.close();
    await s.close();
  }
});
