// A real nginx (Debian's /usr/sbin/nginx) for the tests, started in the foreground from a temp dir:
//
//   const nginx = await startNginx(serverBlock(...));  // undefined: no nginx here (skip with NGINX_SKIP_REASON)
//   ... nginx.url ...                                  // http://127.0.0.1:<free port>
//   await nginx.stop();
//
// Its prefix (-p), config, pid file and temp paths are in a fresh temp dir; its error log goes to
// stderr (-e and error_log), which stderr() returns for assertion messages.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX = '/usr/sbin/nginx';
export const NGINX_SKIP_REASON: string | false = existsSync(NGINX) ? false : `no nginx at ${NGINX}`;

/** examples/scale-out/, from dist/cli/tests/. */
export const SCALE_OUT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples/scale-out');

/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The example's nginx.conf as it can run here: the replica names become 127.0.0.1 ports, nginx
 * listens on `port` of 127.0.0.1, and `resolve` (nginx 1.27.3+, for Docker's DNS) is left out,
 * as nginx before 1.27.3 does not know it. Everything else is the example's text.
 */
export function exampleServerBlock(replicaPorts: readonly number[], port: number): string {
  let text = readFileSync(join(SCALE_OUT_DIR, 'nginx.conf'), 'utf8');
  replicaPorts.forEach((p, i) => {
    text = text.replace(`server replica-${i + 1}:3000 `, `server 127.0.0.1:${p} `);
  });
  const left = /server (replica-\d+):/.exec(text);
  if (left) throw new Error(`the example's upstream names ${left[1]}: give exampleServerBlock a port for it`);
  return text.replace(/ resolve;/g, ';').replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
}

export interface RunningNginx {
  url: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts nginx with `httpBlock` inside its `http {}`; resolves once it accepts connections on `port`. */
export async function startNginx(httpBlock: string, port: number): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-nginx-'));
  const temp = (name: string): string => `${name}_temp_path ${join(dir, name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${httpBlock}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const kill = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT'); // graceful: the workers finish what they serve
      const timer = setTimeout(kill, 5000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', kill);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}:\n${err}`);
    }
    const up = await new Promise<boolean>((r) => {
      const s = connect(port, '127.0.0.1', () => {
        s.destroy();
        r(true);
      });
      s.once('error', () => r(false));
    });
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on ${port} within 10 s:\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url: `http://127.0.0.1:${port}`, stderr: () => err, stop };
}
