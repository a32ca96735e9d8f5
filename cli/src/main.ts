import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { messages } from '../../shared/src/messages.js';
import { hasErrors, type Problem } from '../../shared/src/problems.js';
import { parsePort, portMessage } from '../../shared/src/port.js';
// The engine's public entry. It is cheap to load: the full validator (which loads `yaml`) and the
// studio's code stay in chunks of the bundle that only `validate` and `studio` load.
import { Engine, isLoopbackHost, readErrorReason, validateConfig, watchConfig } from '../../engine/src/index.js';
import { colors, displayPath, formatEndpoints, formatProblem, formatStatus, type Colors } from './format.js';
import { databaseOption } from './database-option.js';
import { clockTime, ServeOutput } from './request-lines.js';
import { version } from './version.js';

const HELP = `Usage: mockyard <command> [options]

Commands:
  serve CONFIG      Serve the endpoints of a YAML config over HTTP, backed by SQLite
  validate CONFIG   Check a config; print every problem as file:line:col and exit 1 if any is an error
  studio CONFIG     Open the studio (editor, data, live log) in a browser: serves the mock and the UI
  schema            Print the config's JSON Schema (for editors: mockyard schema > mockyard.schema.json)
  import FILE|URL   Make a config from an OpenAPI 3.x or Swagger 2.0 description [-o OUT.yaml] [--force]
  export CONFIG     Write an OpenAPI 3.1 description of a config [-o openapi.yaml|.json]

Options for serve:
  --port N          Port to listen on (overrides server.port; default 3000; 0 picks a free one)
  --host H          Interface to bind (overrides server.host; default 127.0.0.1)
  --db FILE|URL     SQLite file or postgres:// URL (overrides server.database and DATABASE_URL;
                    default: the config's name with .sqlite)
  --watch           Reload when the config file changes; a bad edit keeps the last good config
  --admin           Turn on /__mockyard/ (reset, log) with a generated token, printed at start
  --proxy URL       Forward requests that match no endpoint to URL (overrides server.proxy)
  --record          Write each proxied JSON answer into the config as an inline endpoint
  --record-schemas  As --record, and a JSON array on a collection path becomes a schema,
                    a resource and seed rows
  --quiet           Do not print a line per request
  --no-log          Keep no request log (the admin API's log stays empty)
  --no-color        Plain output (also when NO_COLOR is set or output is not a terminal)
  --color           Coloured output even when not a terminal (also when FORCE_COLOR is set)

Options for studio:
  --port N          Port of the studio UI (default 4400; 127.0.0.1 only)
  --api-port N      Port of the mock (overrides server.port)
  --db FILE         As for serve

  -h, --help        Show this help
  -v, --version     Show the version

Exit codes: 0 ok, 1 invalid config, 2 bad usage, 3 could not start (e.g. port in use).`;

export const EXIT = { ok: 0, invalid: 1, usage: 2, failed: 3 } as const;

function usage(message: string): never {
  process.stderr.write(`mockyard: ${message}\nRun 'mockyard --help' for usage.\n`);
  process.exit(EXIT.usage);
}

/** One error line and an exit code; the process ends once stderr is written. */
function fail(message: string, code: number): never {
  process.stderr.write(`mockyard: ${message}\n`);
  process.exit(code);
}

/** A port option's value, or exit 2 with the one port message. */
function portOption(name: string, text: string): number {
  return parsePort(text) ?? usage(portMessage(name, text));
}

function readConfig(file: string | undefined): { path: string; text: string } {
  if (!file) usage('missing CONFIG (a YAML file)');
  const path = resolve(file);
  try {
    return { path, text: readFileSync(path, 'utf8') };
  } catch (err) {
    process.stderr.write(`mockyard: cannot read ${file}: ${readErrorReason(err)}\n`);
    process.exit(EXIT.invalid);
  }
}

/** Problems that are not in the config's text but in its database (locked, read-only, not a database). */
const STORE_CODES = new Set(['databaseOpenFailed', 'migrationFailed']);
const storeOnly = (problems: readonly Problem[]): boolean => {
  const errors = problems.filter((p) => p.severity === 'error');
  return errors.length > 0 && errors.every((p) => STORE_CODES.has(p.code));
};

function printProblems(file: string, problems: Parameters<typeof formatProblem>[1][], c: Colors): void {
  for (const p of problems) process.stderr.write(`${formatProblem(file, p, c)}\n`);
}

async function serve(args: string[], c: Colors): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      watch: { type: 'boolean' },
      admin: { type: 'boolean' },
      quiet: { type: 'boolean' },
      'no-log': { type: 'boolean' },
      color: { type: 'boolean' },
      'no-color': { type: 'boolean' },
      proxy: { type: 'string' },
      record: { type: 'boolean' },
      'record-schemas': { type: 'boolean' },
    },
  });
  if (values.proxy !== undefined && !/^https?:\/\/[^/?#\s]+[^?#\s]*$/i.test(values.proxy))
    usage(`--proxy must be an http:// or https:// URL, not '${values.proxy}'`);
  const { path, text } = readConfig(positionals[0]);
  const port = values.port === undefined ? undefined : portOption('--port', values.port);
  const engine = new Engine({
    configPath: path,
    port,
    host: values.host,
    database: databaseOption(values.db),
    admin: values.admin,
    log: { enabled: !values['no-log'] },
    proxy: values.proxy,
    record: values['record-schemas'] ? 'schemas' : values.record ? 'endpoints' : undefined,
  });
  const result = await engine.apply(text);
  if (!result.ok) {
    printProblems(path, result.problems, c);
    // Nothing is open, so the process ends once its output is written (process.exit could cut a piped stderr short).
    if (storeOnly(result.problems)) {
      // The config is fine; its database is not usable (locked, read-only, damaged). The file is left as it is.
      process.stderr.write(
        c.red(`\nmockyard: could not start: the database cannot be used (see above); it was left as it is.\n`),
      );
      process.exitCode = EXIT.failed;
      return;
    }
    process.stderr.write(c.red(`\n${displayPath(path)} is not valid; fix the problems above.\n`));
    process.exitCode = EXIT.invalid;
    return;
  }
  // --host overrides the config's `host:`: the warning validation gave about that one does not apply,
  // and --host is not part of the text, so it is checked here.
  printProblems(
    path,
    values.host === undefined ? result.problems : result.problems.filter((p) => p.code !== 'bindPublic'),
    c,
  );
  if (engine.recording && !engine.model?.server.proxy) {
    await engine.stop();
    usage('--record needs an upstream to record from: --proxy URL or server.proxy');
  }
  const host = engine.model?.server.host ?? '';
  if (values.host !== undefined && !isLoopbackHost(host))
    process.stderr.write(`${c.yellow('warning')} ${messages.bindPublic(host)}\n`);
  let address: Awaited<ReturnType<Engine['start']>>;
  try {
    address = await engine.start();
  } catch (err) {
    process.stderr.write(`mockyard: ${(err as Error).message}\n`);
    await engine.stop();
    process.exitCode = EXIT.failed;
    return;
  }
  let watcher: ReturnType<typeof watchConfig> | undefined;
  // Before anything is printed: a client that sees the URL may stop the server at once, and a
  // SIGTERM that came before these were installed would kill it instead of stopping it cleanly.
  const output = new ServeOutput(process.stdout, process.stderr);
  // Lines of the last turn of the loop are not lost to an exit that comes before it ends.
  process.once('exit', () => output.flush());
  const shutdown = (): void => {
    void (async () => {
      await watcher?.close();
      await engine.stop();
      output.flush();
      process.exit(EXIT.ok);
    })();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const model = engine.model;
  const out = process.stdout;
  out.write(`${c.bold('Mockyard')} ${version()} serving ${displayPath(path)}\n`);
  out.write(`  ${c.cyan(address.url)}\n`);
  out.write(
    c.dim(
      `  database ${model?.server.database === ':memory:' ? ':memory:' : displayPath(model?.server.database ?? '')}\n\n`,
    ),
  );
  out.write(`${formatEndpoints(result.endpoints, c).join('\n')}\n\n`);
  if (model?.server.proxy)
    out.write(
      `  proxy: unmatched requests go to ${model.server.proxy}${engine.recording ? `, answers recorded into ${displayPath(path)}` : ''}\n`,
    );
  if (model?.server.adminToken)
    out.write(`  admin API: ${address.url}/__mockyard/ (Authorization: Bearer ${model.server.adminToken})\n`);

  if (!values.quiet) {
    const clock = clockTime();
    engine.on('served', (e) =>
      output.line(
        `${c.dim(clock(e.time))} ${e.method} ${e.path}${e.query ? `?${e.query}` : ''} ${formatStatus(e.status, c)} ${c.dim(`${e.duration.toFixed(1)} ms`)}\n`,
      ),
    );
  }
  engine.on('recorded', (e) =>
    output.write(
      `${c.green('Recorded')} ${e.method} ${e.path} (${e.status})${e.schema ? ` as schema ${e.schema} with a resource and seed rows` : ''}\n`,
    ),
  );
  engine.on('serverError', (e) => output.error(`${c.red('error')} ${e.message}\n`));
  engine.on('listening', (a) => output.write(`Now listening on ${c.cyan(a.url)}\n`));

  if (values.watch) {
    watcher = watchConfig(path, {
      initialText: text,
      onChange: (next) => {
        void engine.apply(next).then((r) => {
          output.flush();
          printProblems(path, r.problems, c);
          if (r.ok) output.write(`${c.green('Reloaded')} ${displayPath(path)} (${r.endpoints.length} endpoints)\n`);
          else if (storeOnly(r.problems))
            output.error(
              c.yellow(`Not reloaded: the database cannot be used (see above); still serving the last good config.\n`),
            );
          else
            output.error(
              c.yellow(`Not reloaded: ${displayPath(path)} has errors; still serving the last good config.\n`),
            );
        });
      },
      onError: (err) => output.error(`${c.yellow('warning')} ${err.message}\n`),
    });
    // Say so only once the watch is set up: an edit made before that would go unnoticed.
    await watcher.ready;
    output.write(c.dim(`Watching ${displayPath(path)} for changes.\n`));
  }
  output.write(c.dim('Press Ctrl+C to stop.\n'));
}

async function validate(args: string[], c: Colors): Promise<void> {
  const { positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'no-color': { type: 'boolean' }, color: { type: 'boolean' } },
  });
  const { path, text } = readConfig(positionals[0]);
  const { problems } = await validateConfig(text, { configPath: path });
  printProblems(path, problems, c);
  if (hasErrors(problems)) {
    const n = problems.filter((p) => p.severity === 'error').length;
    process.stderr.write(c.red(`${n} error${n === 1 ? '' : 's'} in ${displayPath(path)}\n`));
    process.exitCode = EXIT.invalid;
    return;
  }
  process.stdout.write(`${c.green('✓')} ${displayPath(path)} is valid\n`);
}

/** --no-color wins, then --color, then NO_COLOR (https://no-color.org), then FORCE_COLOR, then whether stdout is a terminal. */
function colorWanted(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  if (argv.includes('--no-color')) return false;
  if (argv.includes('--color')) return true;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return process.stdout.isTTY === true;
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const c = colors(colorWanted(argv, process.env));
  try {
    switch (command) {
      case 'serve':
        return await serve(rest, c);
      case 'studio':
        // The studio (and its UI server, faker, CSV…) loads only for this command.
        return await (await import('./studio.js')).studio(rest, c, (message, code) => {
          process.stderr.write(`mockyard: ${message}\n`);
          process.exit(code);
        });
      case 'validate':
        return await validate(rest, c);
      case 'import':
        return await (await import('./import.js')).importCommand(rest, c, fail, usage);
      case 'export':
        return await (await import('./export.js')).exportCommand(rest, c, fail, usage);
      case 'schema':
        process.stdout.write(
          `${JSON.stringify((await import('../../shared/src/json-schema.js')).configJsonSchema(), null, 2)}\n`,
        );
        return;
      case '-v':
      case '--version':
        process.stdout.write(`${version()}\n`);
        return;
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        process.stdout.write(`${HELP}\n`);
        return;
      default:
        usage(`unknown command '${command}'`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) usage((err as Error).message);
    throw err;
  }
}
