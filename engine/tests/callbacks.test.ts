import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import type { Problem } from '../../shared/src/problems.js';
import { MAX_PENDING } from '../src/callbacks/callback-sender.js';
import { validateConfig } from '../src/config/validate.js';
import { startMock } from '../src/library/index.js';
import { eventually } from './eventually.js';
import { yaml } from './helpers.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** A local webhook receiver: records each request and answers `status` (or hangs when `hang`). */
async function receiver(options: { status?: number; hang?: boolean } = {}): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() });
      if (options.hang) return;
      res.writeHead(options.status ?? 200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const payConfig = (hook: string, extra = ''): string => yaml`
  endpoints:
    - path: /pay
      method: POST
      status: 202
      response: { inline: { paymentId: "{{uuid}}" }, headers: { X-Trace: t-1 } }
      callbacks:
        - url: "${hook}/hooks/{{request.body.orderId}}?status={{response.status}}"
          method: POST
          delay: 200
          headers: { x-signature: "sig-{{request.body.orderId}}" }
          body:
            inline:
              paymentId: "{{response.body.paymentId}}"
              amount: "{{request.body.amount}}"
              trace: "{{response.headers.x-trace}}"
  ${extra}
`;

const pay = (url: string, body: unknown): Promise<Response> =>
  fetch(`${url}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('a callback goes after the response and its delay, templated over the request and the response', async () => {
  const hook = await receiver();
  const mock = await startMock({ config: payConfig(hook.url) });
  try {
    const answered = Date.now();
    const res = await pay(mock.url, { orderId: 'o-7', amount: 42 });
    assert.equal(res.status, 202);
    const { paymentId } = (await res.json()) as { paymentId: string };
    assert.equal(hook.received.length, 0, 'nothing is sent before the delay');
    await mock.callbacksSettled();
    assert.equal(hook.received.length, 1);
    const [call] = hook.received as [Received];
    assert.ok(call.at - answered >= 190, `sent ${call.at - answered} ms after the answer`);
    assert.equal(call.method, 'POST');
    assert.equal(call.url, '/hooks/o-7?status=202');
    assert.equal(call.headers['x-signature'], 'sig-o-7');
    assert.equal(call.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(call.body), { paymentId, amount: 42, trace: 't-1' });
  } finally {
    await mock.stop();
    await hook.close();
  }
});

test('a callback is an outgoing entry of the journal with the receiver’s status', async () => {
  const hook = await receiver({ status: 204 });
  const mock = await startMock({ config: payConfig(hook.url) });
  try {
    await pay(mock.url, { orderId: 'o-1', amount: 1 });
    await mock.callbacksSettled();
    const [out] = await mock.requests({ direction: 'outgoing' });
    assert.equal(out?.method, 'POST');
    assert.equal(out?.path, '/hooks/o-1');
    assert.equal(out?.url, `${hook.url}/hooks/o-1?status=202`);
    assert.equal(out?.status, 204);
    assert.equal(out?.endpoint, 'POST /pay');
    assert.equal(out?.error, undefined);
    assert.match(out?.notes[0] ?? '', /^callback of POST \/pay \(line 7\) after 200 ms$/);
    assert.equal((await mock.requests({ direction: 'incoming' })).length, 1);
    // verify() counts the requests the mock answered, not the callbacks it sent.
    await mock.verify({ path: '/pay', times: 1 });
  } finally {
    await mock.stop();
    await hook.close();
  }
});

test('a receiver that refuses or hangs never changes the response; the failure is logged', async () => {
  const gone = await receiver();
  await gone.close();
  const hang = await receiver({ hang: true });
  const config = yaml`
    endpoints:
      - path: /a
        method: POST
        response: { inline: { ok: true } }
        callbacks:
          - url: "${gone.url}/refused"
          - url: "${hang.url}/slow"
            timeout: 300
  `;
  const mock = await startMock({ config });
  try {
    const res = await fetch(`${mock.url}/a`, { method: 'POST' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ok: true });
    await mock.callbacksSettled();
    const out = await mock.requests({ direction: 'outgoing' });
    assert.deepEqual(
      out.map((e) => [e.path, e.status, e.error]),
      [
        ['/refused', 0, 'ECONNREFUSED'],
        ['/slow', 0, 'no answer within 300 ms'],
      ],
    );
  } finally {
    await mock.stop();
    await hang.close();
  }
});

test('server.callbacks: false sends nothing', async () => {
  const hook = await receiver();
  const mock = await startMock({ config: payConfig(hook.url, 'server: { callbacks: false }') });
  try {
    assert.equal((await pay(mock.url, { orderId: 'x', amount: 1 })).status, 202);
    await mock.callbacksSettled();
    assert.deepEqual(hook.received, []);
    assert.deepEqual(await mock.requests({ direction: 'outgoing' }), []);
  } finally {
    await mock.stop();
    await hook.close();
  }
});

test('a rule’s callbacks replace the endpoint’s when it matches', async () => {
  const hook = await receiver();
  const config = yaml`
    endpoints:
      - path: /orders/:id
        method: POST
        response: { inline: { ok: true } }
        callbacks: [{ url: "${hook.url}/endpoint/{{request.params.id}}" }]
        rules:
          - when: { params.id: vip }
            callbacks: [{ url: "${hook.url}/rule", method: PUT }]
  `;
  const mock = await startMock({ config });
  try {
    await fetch(`${mock.url}/orders/1`, { method: 'POST' });
    await fetch(`${mock.url}/orders/vip`, { method: 'POST' });
    await mock.callbacksSettled();
    assert.deepEqual(hook.received.map((r) => `${r.method} ${r.url}`).sort(), ['POST /endpoint/1', 'PUT /rule']);
  } finally {
    await mock.stop();
    await hook.close();
  }
});

test(`at most ${MAX_PENDING} callbacks wait; more are dropped and logged as dropped`, async () => {
  const hook = await receiver();
  const config = yaml`
    endpoints:
      - path: /burst
        method: GET
        response: { inline: { ok: true } }
        callbacks: [{ url: "${hook.url}/b", delay: 60000 }]
  `;
  const mock = await startMock({ config });
  try {
    for (let i = 0; i < MAX_PENDING + 3; i++) assert.equal((await fetch(`${mock.url}/burst`)).status, 200);
    await eventually(async () => (await mock.requests({ direction: 'outgoing' })).length === 3, 5000, 'drops');
    const dropped = await mock.requests({ direction: 'outgoing' });
    for (const entry of dropped) assert.match(entry.error ?? '', /dropped: 100 callbacks are already waiting/);
  } finally {
    // Stopping drops the callbacks still waiting for their delay.
    await mock.stop();
    await hook.close();
  }
  assert.deepEqual(hook.received, []);
});

/** `line:column code` of each problem. */
const problemsOf = (text: string): string[] =>
  validateConfig(text).problems.map((p: Problem) => `${p.range.start.line}:${p.range.start.column} ${p.code}`);

test('a callback URL must write out its origin: a template there, or a response value outside a callback, is a problem', () => {
  const text = yaml`
    endpoints:
      - path: /a
        method: POST
        response: { inline: { s: "{{response.status}}" } }
        callbacks:
          - url: "http://{{request.body.host}}/x"
          - url: "{{request.body.url}}"
          - url: "http://127.0.0.1:9/{{request.body.path}}?q={{response.body.id}}"
  `;
  assert.deepEqual(problemsOf(text), ['4:33 templateUnknownName', '6:14 callbackUrlOrigin', '7:14 callbackUrlOrigin']);
});

test('a template right after the host (which could move the origin: "@evil.test") is refused at startup', async () => {
  const config = yaml`
    endpoints:
      - path: /a
        method: POST
        response: { inline: { ok: true } }
        callbacks: [{ url: "http://127.0.0.1:9{{request.body.tail}}" }]
  `;
  await assert.rejects(startMock({ config }), /config:5:24 Callback URL .* must start with a written-out origin/);
});
