// Replicas stopped with SIGTERM (docker stop, a rolling update) behind a real nginx, under load: no
// request fails. A replica drains: it stops accepting (nginx sends new requests to the others),
// answers what it has, and leaves its idle keep-alive connections for nginx to close, so that no
// POST nginx has just sent on one meets a closed socket (which nginx answers 502 and cannot replay).
// nginx runs the example's own config (examples/scale-out/nginx.conf); the replicas are the real CLI.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { exampleServerBlock, freePort, NGINX_SKIP_REASON, startNginx } from './nginx.js';
import { type Running, runCli } from './process.js';

const CONFIG = `server:
  cors: true
schemas:
  Item:
    properties:
      id: integer
      name: string
endpoints:
  - resource: Item
`;

const dir = mkdtempSync(join(tmpdir(), 'mockyard-drain-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** One POST on the agent's keep-alive connections: its status (0: the connection failed) and the replica that answered. */
function post(url: string, agent: Agent, n: number): Promise<[number, string]> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ name: `item ${n}` });
    const req = request(
      `${url}/items`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        res.resume();
        const replica = String(res.headers['x-mockyard-replica'] ?? '');
        res.on('end', () => resolve([res.statusCode ?? 0, replica]));
        res.on('error', () => resolve([0, replica]));
      },
    );
    req.on('error', () => resolve([0, '']));
    req.end(body);
  });
}

/** A replica on `port` (0: any), with a SQLite file of its own; resolves once it serves. */
async function replica(index: number, port: number): Promise<{ cli: Running; port: number }> {
  const configPath = join(dir, `replica-${index}.yaml`);
  writeFileSync(configPath, CONFIG);
  const cli = runCli(['serve', configPath, '--port', String(port), '--quiet'], dir);
  const [, served] = await cli.waitFor(/http:\/\/127\.0\.0\.1:(\d+)/, 20_000);
  return { cli, port: Number(served) };
}

test('three replicas behind nginx, each stopped with SIGTERM and started again under a load of POSTs: no 502, no failed request', {
  skip: NGINX_SKIP_REASON,
  timeout: 120_000,
}, async () => {
  const replicas = await Promise.all([1, 2, 3].map((i) => replica(i, 0)));
  const port = await freePort();
  const nginx = await startNginx(
    exampleServerBlock(
      replicas.map((r) => r.port),
      port,
    ),
    port,
  );
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const statuses = new Map<number, number>();
  /** POSTs each replica (its address) created. */
  const created = new Map<string, number>();
  let running = true;
  let sent = 0;
  try {
    // Eight clients, each sending its next POST as soon as the last one is answered.
    const load = Array.from({ length: 8 }, async () => {
      while (running) {
        const [status, replica] = await post(nginx.url, agent, ++sent);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 201) created.set(replica, (created.get(replica) ?? 0) + 1);
      }
    });
    const answered = (): number => [...statuses.values()].reduce((a, b) => a + b, 0);
    const waitFor = async (done: () => boolean): Promise<void> => {
      while (!done()) await new Promise((r) => setTimeout(r, 20));
    };
    const servedBy = (port: number): number => created.get(`127.0.0.1:${port}`) ?? 0;
    await waitFor(() => replicas.every((r) => r && servedBy(r.port) >= 20));
    // A rolling restart, twice over, as an orchestrator makes one: each replica in turn gets SIGTERM,
    // exits, starts again on its port, and is back in nginx's rotation before the next one stops.
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < replicas.length; i++) {
        const old = replicas[i];
        if (!old) continue;
        assert.equal(await old.cli.stop('SIGTERM'), 0, `replica ${i + 1} exits 0 on SIGTERM\n${old.cli.stderr()}`);
        const before = servedBy(old.port);
        replicas[i] = await replica(i + 1, old.port);
        await waitFor(() => servedBy(old.port) >= before + 20);
      }
    running = false;
    await Promise.all(load);
    const summary = JSON.stringify(Object.fromEntries(statuses));
    process.stdout.write(`# ${answered()} POSTs through nginx across 6 SIGTERMs: ${summary}\n`);
    assert.equal(statuses.get(502) ?? 0, 0, `no 502 from nginx: ${summary}\n${nginx.stderr()}`);
    assert.deepEqual([...statuses.keys()], [201], `every POST is created: ${summary}\n${nginx.stderr()}`);
  } finally {
    running = false;
    agent.destroy();
    await nginx.stop();
    await Promise.all(replicas.map((r) => r?.cli.stop()));
  }
});
