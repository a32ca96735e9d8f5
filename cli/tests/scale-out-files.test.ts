// examples/scale-out/ and the Dockerfile it builds, file by file, for what running them as a team
// would found: the compose file's health checks, published ports and flags; the Dockerfile's parser
// directive and HEALTHCHECK (run here for real against a served config); .dockerignore matched with
// Docker's own rules. Docker is not needed; the nginx config itself runs in scale-out-nginx.test.ts.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { parse, parseDocument } from 'yaml';
import { freePort, SCALE_OUT_DIR } from './nginx.js';
import { runCli } from './process.js';

const require = createRequire(import.meta.url);
const root = resolve(SCALE_OUT_DIR, '../..');

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test: string[] };
}

const compose = (): { services: Record<string, Service> } =>
  parseDocument(readFileSync(join(SCALE_OUT_DIR, 'docker-compose.yml'), 'utf8'), { merge: true }).toJS() as {
    services: Record<string, Service>;
  };
const replicas = (): Service[] => Object.values(compose().services).filter((s) => s.command?.[0] === 'serve');

interface Instruction {
  getKeyword(): string;
  getArgumentsContent(): string | null;
}
const { DockerfileParser } = require('dockerfile-ast') as {
  DockerfileParser: {
    parse(text: string): {
      getDirectives(): { getDirective(): string | null; getValue(): string }[];
      getInstructions(): Instruction[];
    };
  };
};
const dockerfile = () => DockerfileParser.parse(readFileSync(join(root, 'Dockerfile'), 'utf8'));

test('compose: PostgreSQL counts as healthy only once it accepts TCP (pg_isready -h), as the replicas connect', () => {
  const check = (compose().services.postgres?.healthcheck?.test ?? []).join(' ');
  assert.match(check, /\bpg_isready\b/);
  assert.match(check, /\s-h\s+127\.0\.0\.1\b/, `pg_isready over TCP: ${check}`);
});

test('compose: nginx and PostgreSQL are published on 127.0.0.1 only; replicas run --quiet', () => {
  const { services } = compose();
  for (const [name, service] of Object.entries(services))
    for (const port of service.ports ?? []) assert.match(port, /^127\.0\.0\.1:\d+:\d+$/, `${name} publishes ${port}`);
  for (const replica of replicas()) assert.ok(replica.command?.includes('--quiet'), replica.command?.join(' '));
});

test('compose: the studio command it suggests gives the mock a port other than nginx’s, and one that parses', () => {
  const text = readFileSync(join(SCALE_OUT_DIR, 'docker-compose.yml'), 'utf8');
  const studio = /npx mockyard studio .*/.exec(text)?.[0] ?? '';
  const apiPort = /--api-port (\d+)/.exec(studio)?.[1];
  assert.ok(apiPort, `the studio command sets --api-port: ${studio}`);
  const published = (compose().services.nginx?.ports ?? []).map((p) => p.split(':').at(-2));
  assert.ok(!published.includes(apiPort), `--api-port ${apiPort} differs from nginx's ${published.join(', ')}`);
  const db = new URL(/--db (\S+)/.exec(studio)?.[1] ?? '');
  const pgPort = (compose().services.postgres?.ports ?? [])[0]?.split(':')[1];
  assert.deepEqual([db.hostname, db.port], ['127.0.0.1', pgPort]);
});

test('compose: each replica’s health check asks its config’s /health on the port it serves', () => {
  const config = parse(readFileSync(join(SCALE_OUT_DIR, 'mockyard.yaml'), 'utf8')) as {
    endpoints: { path?: string; method?: string }[];
  };
  for (const replica of replicas()) {
    const url = new URL(replica.environment?.HEALTHCHECK_URL ?? '');
    const args = replica.command ?? [];
    assert.equal(url.port, args[args.indexOf('--port') + 1]);
    assert.ok(
      config.endpoints.some((e) => e.path === url.pathname && (e.method ?? 'GET') === 'GET'),
      `the config serves GET ${url.pathname}`,
    );
  }
});

test('Dockerfile: `# syntax=` is its first line, so Docker reads it as a parser directive', () => {
  const text = readFileSync(join(root, 'Dockerfile'), 'utf8');
  assert.match(text.split('\n')[0] ?? '', /^# syntax=docker\/dockerfile:1$/);
  assert.deepEqual(
    dockerfile()
      .getDirectives()
      .map((d) => [d.getDirective(), d.getValue()]),
    [['syntax', 'docker/dockerfile:1']],
  );
});

test('Dockerfile: the HEALTHCHECK asks HEALTHCHECK_URL (default port 3000); run here, it passes on a 200 or a 404 and fails on a closed port', async () => {
  const instructions = dockerfile().getInstructions();
  const final = instructions.slice(instructions.map((i) => i.getKeyword()).lastIndexOf('FROM'));
  const env = final.find((i) => i.getKeyword() === 'ENV' && /^HEALTHCHECK_URL=/.test(i.getArgumentsContent() ?? ''));
  assert.equal(env?.getArgumentsContent(), 'HEALTHCHECK_URL=http://127.0.0.1:3000/');
  const healthcheck = final.find((i) => i.getKeyword() === 'HEALTHCHECK')?.getArgumentsContent() ?? '';
  const command = JSON.parse(/CMD\s+(\[.*\])$/.exec(healthcheck)?.[1] ?? '[]') as string[];
  assert.deepEqual(command.slice(0, 2), ['node', '-e']);
  // As Docker runs it: the command with HEALTHCHECK_URL in its environment; its exit status.
  const check = (url: string): Promise<number | null> =>
    new Promise((resolveStatus) => {
      const child = spawn(process.execPath, command.slice(1), {
        env: { ...process.env, HEALTHCHECK_URL: url },
        stdio: 'ignore',
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolveStatus(code);
      });
    });

  const dir = mkdtempSync(join(tmpdir(), 'mockyard-healthcheck-'));
  const served = runCli(
    ['serve', join(SCALE_OUT_DIR, 'mockyard.yaml'), '--port', '0', '--db', join(dir, 'shop.sqlite'), '--quiet'],
    dir,
  );
  try {
    const [url] = await served.waitFor(/http:\/\/127\.0\.0\.1:\d+/, 20_000);
    assert.equal(await check(`${url}/health`), 0, 'the config’s /health');
    assert.equal(await check(`${url}/`), 0, 'a path the config does not serve (404): the server is alive');
  } finally {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(await check(`http://127.0.0.1:${await freePort()}/`), 1, 'nothing listens there');
});

test('.dockerignore (Docker’s own matching): SQLite files and their -wal and -shm anywhere in the tree stay out of the build context', () => {
  const dockerignore = require('@balena/dockerignore') as () => {
    add(patterns: string): { ignores(path: string): boolean };
  };
  const ignore = dockerignore().add(readFileSync(join(root, '.dockerignore'), 'utf8'));
  for (const path of [
    'mock.sqlite',
    'examples/scale-out/mockyard.sqlite',
    'examples/scale-out/mockyard.sqlite-wal',
    'a/b/c/shop.sqlite-shm',
    'node_modules/x/index.js',
  ])
    assert.ok(ignore.ignores(path), `${path} is left out`);
  for (const path of ['examples/scale-out/mockyard.yaml', 'engine/src/store/sqlite/database.ts', 'package.json'])
    assert.ok(!ignore.ignores(path), `${path} is sent`);
});

test('nginx.conf: replica names resolved again while it runs, idle connections closed before a replica would, and no write replayed after a timeout', async () => {
  const text = readFileSync(join(SCALE_OUT_DIR, 'nginx.conf'), 'utf8');
  assert.match(text, /^resolver 127\.0\.0\.11\b/m, "Docker's DNS");
  const upstream = /upstream\s+\w+\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  assert.match(upstream, /^\s*zone \w+ \d+k;/m);
  const servers = [...upstream.matchAll(/^\s*server\s+(.*);$/gm)].map((m) => m[1] ?? '');
  assert.equal(servers.length, 3);
  for (const server of servers) assert.match(server, /\sresolve$/, server);
  // The replicas close a connection idle for keepAliveTimeout; nginx must give up on it first.
  const { LISTENER_DEFAULTS } = await import('../../engine/src/http/listener.js');
  const timeout = /^\s*keepalive_timeout (\d+)s;/m.exec(upstream)?.[1];
  assert.ok(timeout && Number(timeout) * 1000 < LISTENER_DEFAULTS.keepAliveTimeout, `keepalive_timeout ${timeout}s`);
  assert.match(text, /proxy_set_header Host \$http_host;/);
  const nextUpstream = /^\s*proxy_next_upstream ([^;]*);/m.exec(text)?.[1];
  assert.equal(nextUpstream, 'error');
});
