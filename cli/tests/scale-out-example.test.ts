// examples/scale-out/: three replicas on one PostgreSQL behind nginx. Docker is not needed to check
// it: the compose file is read with `yaml` (merge keys on, as Compose reads them) and checked against
// the Dockerfile, the nginx config and the Mockyard config it names; the config validates with the
// CLI and serves (on SQLite here) the seed rows and the 409 the README describes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { CLI, runCli } from './process.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const example = join(root, 'examples/scale-out');

interface Service {
  image?: string;
  healthcheck?: { test: string[] };
  build?: { context: string; dockerfile?: string };
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
}

function compose(): { services: Record<string, Service>; volumes?: Record<string, unknown> } {
  const doc = parseDocument(readFileSync(join(example, 'docker-compose.yml'), 'utf8'), { merge: true });
  assert.deepEqual(
    [...doc.errors, ...doc.warnings].map((e) => e.message),
    [],
    'docker-compose.yml is well-formed YAML',
  );
  return doc.toJS() as { services: Record<string, Service> };
}

test('the scale-out compose file: PostgreSQL 16, three replicas of the repository image on it, nginx round-robin over them', () => {
  const { services, volumes } = compose();
  const postgres = services.postgres as Service;
  assert.match(postgres.image ?? '', /^postgres:16(\.|-|$)/);
  const env = postgres.environment ?? {};

  const replicas = Object.entries(services).filter(([, s]) => s.command?.[0] === 'serve');
  assert.equal(replicas.length, 3, 'three replicas');
  for (const [name, replica] of replicas) {
    const build = replica.build as Service['build'] & {};
    assert.ok(
      existsSync(join(example, build.context, build.dockerfile ?? 'Dockerfile')),
      `${name} builds the Dockerfile`,
    );
    const args = replica.command as string[];
    const option = (flag: string): string | undefined => args[args.indexOf(flag) + 1];
    assert.equal(option('--host'), '0.0.0.0', `${name} listens beyond its container's loopback`);
    assert.equal(option('--port'), '3000');
    const db = new URL(option('--db') ?? '');
    assert.equal(db.protocol, 'postgres:');
    assert.deepEqual(
      [db.hostname, db.port, db.username, db.password, db.pathname],
      ['postgres', '5432', env.POSTGRES_USER, env.POSTGRES_PASSWORD, `/${env.POSTGRES_DB}`],
      `${name}'s --db names the compose file's PostgreSQL and its credentials`,
    );
    // The config it serves is examples/scale-out/mockyard.yaml, through the folder it mounts.
    const mount = (replica.volumes ?? []).map((v) => v.split(':')).find(([, target]) => target === '/config');
    assert.ok(mount, `${name} mounts the example's folder on /config`);
    assert.equal(args[1], '/config/mockyard.yaml');
    assert.ok(existsSync(join(example, mount[0] as string, 'mockyard.yaml')));
    assert.deepEqual(replica.depends_on, { postgres: { condition: 'service_healthy' } });
  }
  assert.ok(volumes && 'pgdata' in volumes, 'the database is kept in a named volume');

  // nginx: its config is the example's nginx.conf, whose upstream lists exactly the replicas.
  const nginx = services.nginx as Service;
  assert.match(nginx.image ?? '', /^nginx:/);
  const conf = (nginx.volumes ?? []).map((v) => v.split(':')).find(([, target]) => target?.startsWith('/etc/nginx/'));
  assert.ok(conf, 'nginx mounts a config');
  const text = readFileSync(join(example, conf[0] as string), 'utf8');
  const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(text);
  assert.ok(upstream, 'an upstream block');
  assert.deepEqual(
    [...(upstream[2] as string).matchAll(/^\s*server\s+([\w.-]+:\d+)/gm)].map((m) => m[1]).sort(),
    replicas.map(([name]) => `${name}:3000`).sort(),
  );
  assert.doesNotMatch(upstream[2] as string, /\b(ip_hash|hash|least_conn|random)\b/, 'round-robin');
  assert.match(text, new RegExp(`proxy_pass\\s+http://${upstream[1]};`));
  // On 127.0.0.1 only: the config commits its admin token.
  assert.deepEqual(nginx.ports, ['127.0.0.1:3000:80']);
});

test('the scale-out config validates and serves its seed rows, with a 409 for a taken unique value', async () => {
  const config = join(example, 'mockyard.yaml');
  const valid = spawnSync(process.execPath, [CLI, 'validate', config, '--no-color'], { encoding: 'utf8' });
  assert.equal(valid.status, 0, valid.stdout + valid.stderr);
  assert.doesNotMatch(valid.stdout + valid.stderr, /warning/i);

  const dir = mkdtempSync(join(tmpdir(), 'mockyard-scale-out-'));
  const served = runCli(['serve', config, '--port', '0', '--db', join(dir, 'shop.sqlite'), '--quiet']);
  try {
    const [url] = await served.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
    const products = (await (await fetch(`${url}/products`)).json()) as { sku: string }[];
    assert.deepEqual(
      products.map((p) => p.sku),
      ['MUG-001', 'TEE-002', 'STK-003'],
    );
    const taken = await fetch(`${url}/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', name: 'Another Ada' }),
    });
    assert.equal(taken.status, 409);
  } finally {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
