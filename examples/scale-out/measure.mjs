#!/usr/bin/env node
// What replicas cost and give on this machine: wrk against one replica directly, one replica behind
// nginx, and three replicas behind nginx, all on one PostgreSQL database, with the example's config
// (mockyard.yaml) and nginx.conf. Needs wrk, nginx and taskset on PATH (or /usr/sbin/nginx), and a
// PostgreSQL database the replicas may create their tables in.
//
//   node examples/scale-out/measure.mjs --db postgres://user:pass@127.0.0.1:5432/db \
//     [--server-cpus 0] [--wrk-cpus 1] [--seconds 10] [--rounds 3] [--connections 32] \
//     [--setups direct-1,nginx-1,nginx-3] [--requests get,create,conflict] [--bin bin/mockyard.cjs]
//
// Replicas and nginx run on --server-cpus, wrk on --wrk-cpus (taskset), so the load generator never
// takes the servers' CPU. PostgreSQL runs wherever it was started: on a machine with cores to spare,
// pin it too (taskset -c … pg_ctl start). Rounds are interleaved (each setup once per round); each
// figure is the median round. The requests: `get` GET /products/1, `create` POST /products with a new
// sku each time, `conflict` POST /customers with an email that is taken (409).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    'server-cpus': { type: 'string', default: '0' },
    'wrk-cpus': { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    setups: { type: 'string', default: 'direct-1,nginx-1,nginx-3' },
    requests: { type: 'string', default: 'get,create,conflict' },
    bin: { type: 'string', default: resolve(here, '../../bin/mockyard.cjs') },
  },
});
if (!values.db) {
  process.stderr.write('measure.mjs: --db postgres://… is required\n');
  process.exit(2);
}
const nginxBin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const dir = mkdtempSync(join(tmpdir(), 'mockyard-measure-'));
const children = [];
const cleanup = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
const listening = async (port) => {
  for (let i = 0; i < 400; i++) {
    const up = await new Promise((done) => {
      const s = connect(port, '127.0.0.1', () => done(s.destroy() || true));
      s.once('error', () => done(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`nothing listens on ${port}`);
};

/** A replica of the example's config, pinned to the server CPUs; resolves with its port. */
async function replica() {
  const port = await freePort();
  const child = spawn(
    'taskset',
    ['-c', values['server-cpus'], process.execPath, values.bin, 'serve', join(here, 'mockyard.yaml')].concat([
      '--port',
      String(port),
      '--db',
      values.db,
      '--quiet',
      '--no-color',
    ]),
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
  await listening(port);
  return port;
}

/** nginx with the example's server block in front of `ports` (the names made addresses; `resolve` needs Docker's DNS). */
async function nginx(ports) {
  const port = await freePort();
  const prefix = mkdtempSync(join(dir, 'nginx-'));
  let block = readFileSync(join(here, 'nginx.conf'), 'utf8').replace(/ resolve;/g, ';');
  block = block.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
  for (let i = 1; i <= 3; i++)
    block = block.replace(
      new RegExp(`^(\\s*)server replica-${i}:3000 (.*)$`, 'm'),
      ports[i - 1] ? `$1server 127.0.0.1:${ports[i - 1]} $2` : '',
    );
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${join(prefix, t)};`);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;\nworker_processes 1;\npid ${join(prefix, 'nginx.pid')};\n` +
      `error_log stderr error;\nevents { worker_connections 1024; }\nhttp {\naccess_log off;\n${temps.join('\n')}\n${block}\n}\n`,
  );
  const child = spawn(
    'taskset',
    ['-c', values['server-cpus'], nginxBin, '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
  await listening(port);
  return port;
}

const scripts = {
  get: 'wrk.method = "GET"\nwrk.path = "/products/1"\n',
  create:
    'local n = 0\nlocal run = tostring(os.time()) .. tostring(math.random(1e6))\n' +
    'request = function()\n  n = n + 1\n' +
    '  return wrk.format("POST", "/products", { ["Content-Type"] = "application/json" }, ' +
    '\'{"sku":"BENCH-\' .. run .. "-" .. n .. \'","name":"Bench","price":1}\')\nend\n',
  conflict:
    'wrk.method = "POST"\nwrk.path = "/customers"\nwrk.headers["Content-Type"] = "application/json"\n' +
    'wrk.body = \'{"email":"ada@example.com","name":"Another Ada"}\'\n',
};
function wrk(port, request) {
  const script = join(dir, `${request}.lua`);
  writeFileSync(script, scripts[request]);
  const args = ['-c', values['wrk-cpus'], 'wrk', '-t1', `-c${values.connections}`, `-d${values.seconds}s`];
  const out = spawnSync('taskset', [...args, '--latency', '-s', script, `http://127.0.0.1:${port}`], {
    encoding: 'utf8',
  }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const p50 = /\s50%\s+([\d.]+)(us|ms|s)/.exec(out);
  const ms = p50 ? Number(p50[1]) * { us: 0.001, ms: 1, s: 1000 }[p50[2]] : Number.NaN;
  // Answers other than the one expected (a 409 for `conflict`, 2xx otherwise) and socket errors,
  // so that a run of failures is never reported as speed.
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const errors = socketErrors + (request === 'conflict' ? total - non2xx : non2xx);
  return { rps, ms, errors };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const replicas = [await replica(), await replica(), await replica()];
const targets = {
  'direct-1': replicas[0],
  'nginx-1': await nginx(replicas.slice(0, 1)),
  'nginx-3': await nginx(replicas),
};
const setups = values.setups.split(',');
const requests = values.requests.split(',');
const results = new Map();
for (let round = 0; round < Number(values.rounds); round++)
  for (const request of requests)
    for (const setup of setups) {
      const key = `${request} ${setup}`;
      const r = wrk(targets[setup], request);
      results.set(key, [...(results.get(key) ?? []), r]);
      process.stderr.write(
        `round ${round + 1} ${key}: ${r.rps.toFixed(0)} req/s, p50 ${r.ms.toFixed(2)} ms, ${r.errors} unexpected\n`,
      );
    }
const wrkVersion = spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0];
process.stdout.write(
  `${wrkVersion.split(' [')[0]}, 1 thread, ${values.connections} connections, ${values.seconds} s x ${values.rounds} rounds (median); ` +
    `replicas and nginx on CPU ${values['server-cpus']}, wrk on CPU ${values['wrk-cpus']}\n`,
);
process.stdout.write(`${'request'.padEnd(10)} ${'setup'.padEnd(9)}   req/s  p50 ms  unexpected\n`);
for (const [key, runs] of results) {
  const [request, setup] = key.split(' ');
  const rps = median(runs.map((r) => r.rps));
  const ms = median(runs.map((r) => r.ms));
  const errors = runs.reduce((sum, r) => sum + r.errors, 0);
  process.stdout.write(
    `${request.padEnd(10)} ${setup.padEnd(9)} ${rps.toFixed(0).padStart(7)}  ${ms.toFixed(2).padStart(6)}  ${String(errors).padStart(10)}\n`,
  );
}
process.exit(0);
