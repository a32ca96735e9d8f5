import { resolve } from 'node:path';
import { isPostgresUrl, redactPasswords } from '../../shared/src/database-url.js';
import { messages } from '../../shared/src/messages.js';
import { parsePort, portMessage } from '../../shared/src/port.js';
// The engine's public entry. It is cheap to load: the full validator (which loads `yaml`) and the
// studio's code stay in chunks of the bundle that only `validate` and `studio` load.
import {
  DbJsonError,
  Engine,
  isLoopbackHost,
  jsonServerData,
  jsonServerSetup,
  type JsonServerMode,
  type ServedLine,
  watchConfig,
} from '../../engine/src/index.js';
import { commandArgs, DB_JSON_KEY_OPTIONS } from './command-args.js';
import { printProblems, readConfig, storeOnly } from './config-input.js';
import { databaseOption } from './database-option.js';
import { EXIT, usage } from './exit.js';
import { type Colors, displayPath, formatEndpoints, formatStatus } from './format.js';
import { jsonServerEndpoints } from './json-server-endpoints.js';
import { counted } from '../../shared/src/plural.js';
import { type HeldBack, LineBudget, TERMINAL_LINES_PER_SECOND } from './line-budget.js';
import { type Budgeted, clockTime, ServeOutput } from './request-lines.js';
import { version } from './version.js';

/**
 * What a request line says between its time and its duration: `GET /path?q 200`; for a callback the
 * mock sent, `→ callback POST http://… 204` or `→ callback POST http://… failed (ECONNREFUSED)`.
 */
export function requestLine(e: ServedLine, c: Colors): string {
  if (e.outgoing)
    return `${c.cyan('→ callback')} ${e.method} ${e.outgoing.url} ${e.outgoing.error ? c.red(`failed (${e.outgoing.error})`) : formatStatus(e.status, c)}`;
  return `${e.method} ${e.path}${e.query ? `?${e.query}` : ''} ${formatStatus(e.status, c)}`;
}

/** The database as the banner shows it: a PostgreSQL URL as it is but for its password, a file relative to here. */
const databaseLabel = (database: string): string =>
  database === ':memory:' ? database : isPostgresUrl(database) ? redactPasswords(database) : displayPath(database);

/** A port option's value, or exit 2 with the one port message. */
function portOption(name: string, text: string): number {
  return parsePort(text) ?? usage(portMessage(name, text));
}

/**
 * A terminal's share of request lines (see line-budget.ts): past it, one line a second counts the
 * requests not shown, by status. The first such line says why, once.
 */
function terminalBudget(clock: (time: number) => string, c: Colors): Budgeted<ServedLine> {
  let explained = false;
  const summary = (held: HeldBack): string => {
    const statuses = held.statuses.map(([status, n]) => `${formatStatus(status, c)} ×${n.toLocaleString('en')}`);
    const line = `${c.dim(clock(held.second).slice(0, 8).padEnd(12))} … ${counted(held.count, 'more request')}: ${statuses.join(', ')}\n`;
    if (explained) return line;
    explained = true;
    return `${line}${c.dim(`${' '.repeat(13)}(a terminal gets at most ${TERMINAL_LINES_PER_SECOND} request lines a second and a count of the rest; a pipe or a file gets every line)`)}\n`;
  };
  return {
    budget: new LineBudget(TERMINAL_LINES_PER_SECOND),
    timeOf: (e) => e.time,
    statusOf: (e) => e.status,
    summary,
  };
}

/** `mockyard serve CONFIG`: serves the config's endpoints until SIGINT or SIGTERM. */
export async function serve(args: string[], c: Colors): Promise<void> {
  const { values, positionals } = commandArgs(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    watch: { type: 'boolean' },
    admin: { type: 'boolean' },
    quiet: { type: 'boolean' },
    'no-log': { type: 'boolean' },
    proxy: { type: 'string' },
    record: { type: 'boolean' },
    'record-schemas': { type: 'boolean' },
    // json-server's own options, for `mockyard serve db.json`.
    ...DB_JSON_KEY_OPTIONS,
    delay: { type: 'string', short: 'd' },
    'read-only': { type: 'boolean', short: 'r' },
    routes: { type: 'string' },
    static: { type: 'string', short: 's' },
  });
  if (values.proxy !== undefined && !/^https?:\/\/[^/?#\s]+[^?#\s]*$/i.test(values.proxy))
    usage(`--proxy must be an http:// or https:// URL, not '${values.proxy}'`);
  const { path, text: configText } = readConfig(positionals[0]);
  const data = jsonServerData(path, configText);
  const jsonServerOnly = (['id', 'fks', 'delay', 'read-only', 'routes', 'static'] as const).find(
    (o) => values[o] !== undefined,
  );
  if (!data && jsonServerOnly) usage(`--${jsonServerOnly} is for a json-server db.json, not a Mockyard config`);
  let text = configText;
  let jsonServer: JsonServerMode | undefined;
  if (data) {
    if (values.watch) usage('--watch is for a Mockyard config; a db.json is read once (its rows live in SQLite)');
    const delay = values.delay === undefined ? undefined : Number(values.delay);
    if (delay !== undefined && !(Number.isSafeInteger(delay) && delay >= 0 && delay <= 60_000))
      usage(`--delay must be a whole number of ms from 0 to 60000, not '${values.delay}'`);
    try {
      const setup = jsonServerSetup(data, {
        id: values.id,
        fks: values.fks,
        readOnly: values['read-only'],
        routesFile: values.routes === undefined ? undefined : resolve(values.routes),
        staticDir: values.static === undefined ? undefined : resolve(values.static),
        delay,
      });
      text = setup.configText;
      jsonServer = setup.mode;
    } catch (err) {
      if (!(err instanceof DbJsonError)) throw err;
      process.stderr.write(
        c.red(`mockyard: ${displayPath(path)} cannot be served as a json-server db.json: ${err.message}\n`),
      );
      process.exitCode = EXIT.invalid;
      return;
    }
  }
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
    ...(jsonServer ? { jsonServer } : {}),
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
  const clock = clockTime();
  const output = new ServeOutput<ServedLine>(
    process.stdout,
    process.stderr,
    (e) => `${c.dim(clock(e.time))} ${requestLine(e, c)} ${c.dim(`${e.duration.toFixed(1)} ms`)}\n`,
    process.stdout.isTTY ? terminalBudget(clock, c) : undefined,
  );
  // Lines of the last turn of the loop are not lost to an exit that comes before it ends.
  process.once('exit', () => output.flush());
  // Ctrl+C stops at once. SIGTERM (docker stop, Kubernetes, systemd) drains: a proxy's idle
  // connections are left for it to close, so no request it sends on one meets a closed socket.
  const shutdown = (drain: boolean): void => {
    void (async () => {
      await watcher?.close();
      await engine.stop({ drain });
      output.flush();
      process.exit(EXIT.ok);
    })();
  };
  process.once('SIGINT', () => shutdown(false));
  process.once('SIGTERM', () => shutdown(true));
  const model = engine.model;
  const out = process.stdout;
  out.write(`${c.bold('Mockyard')} ${version()} serving ${displayPath(path)}\n`);
  out.write(`  ${c.cyan(address.url)}\n`);
  out.write(c.dim(`  database ${databaseLabel(model?.server.database ?? '')}\n\n`));
  const listed = jsonServer ? jsonServerEndpoints(result.endpoints, jsonServer) : result.endpoints;
  out.write(`${formatEndpoints(listed, c).join('\n')}\n\n`);
  if (model?.server.proxy)
    out.write(
      `  proxy: unmatched requests go to ${model.server.proxy}${engine.recording ? `, answers recorded into ${displayPath(path)}` : ''}\n`,
    );
  if (model?.server.adminToken)
    out.write(`  admin API: ${address.url}/__mockyard/ (Authorization: Bearer ${model.server.adminToken})\n`);

  if (!values.quiet) engine.on('served', (e) => output.line(e));
  engine.on('recorded', (e) =>
    output.write(
      `${c.green('Recorded')} ${e.method} ${e.path} (${e.status})${e.schema ? ` as schema ${e.schema} with a resource and seed rows` : ''}\n`,
    ),
  );
  engine.on('serverError', (e) => output.error(`${c.red('error')} ${redactPasswords(e.message)}\n`));
  engine.on('listening', (a) => output.write(`Now listening on ${c.cyan(a.url)}\n`));

  if (values.watch) {
    watcher = watchConfig(path, {
      initialText: text,
      onChange: (next) => {
        void engine.apply(next).then((r) => {
          output.flush();
          printProblems(path, r.problems, c);
          if (r.ok)
            output.write(
              `${c.green('Reloaded')} ${displayPath(path)} (${r.endpoints.length} endpoint${r.endpoints.length === 1 ? '' : 's'})\n`,
            );
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
