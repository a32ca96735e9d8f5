import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parsePort, portMessage } from '../../shared/src/port.js';
import { DomainError, fromPackage, readErrorReason } from '../../engine/src/index.js';
import {
  AppSettingsFile,
  createStudioHandlers,
  DEFAULT_STUDIO_PORT,
  defaultDataDir,
  StudioSession,
  startStudioServer,
} from '../../engine/src/studio-entry.js';
import { commandArgs } from './command-args.js';
import { databaseOption } from './database-option.js';
import { printProblems } from './config-input.js';
import { fail } from './exit.js';
import { displayPath, type Colors } from './format.js';

/** A file's text, or empty text when it cannot be read (the session reports that itself). */
/** The built renderer: dist/renderer next to dist/cli. */
export const rendererDir = (): string => fromPackage('dist', 'renderer');

/**
 * `mockyard studio CONFIG`: the desktop studio's UI in a browser. Serves the mock from the config
 * and the studio on 127.0.0.1, guarded by a token in the printed URL.
 */
export async function studio(args: string[], c: Colors): Promise<void> {
  const { values, positionals } = commandArgs(args, {
    port: { type: 'string' },
    'api-port': { type: 'string' },
    db: { type: 'string' },
  });
  const file = positionals[0];
  if (!file) fail('missing CONFIG (a YAML file, or a json-server db.json)', 2);
  // Bad usage exits 2 (as `serve` does), before anything is opened.
  const portOption = (name: string, text: string | undefined): number | undefined =>
    text === undefined ? undefined : (parsePort(text) ?? fail(portMessage(name, text), 2));
  const port = portOption('--port', values.port) ?? DEFAULT_STUDIO_PORT;
  const apiPort = portOption('--api-port', values['api-port']);
  const configPath = resolve(file);
  if (!existsSync(configPath)) fail(`cannot read ${file}: no such file`, 1);
  const staticDir = rendererDir();
  if (!existsSync(resolve(staticDir, 'index.html')))
    fail(`the studio UI is not built (${displayPath(staticDir)} is missing); run npm run build`, 3);

  const settings = new AppSettingsFile(defaultDataDir());
  const prefs = settings.get();
  const session = new StudioSession({
    configPath,
    database: databaseOption(values.db, {}),
    port: apiPort,
    defaultPort: prefs.defaultPort,
    autoApply: prefs.autoApply,
    log: prefs.log,
  });
  try {
    await session.open();
  } catch (err) {
    // A folder or an unreadable file where the config should be: a message, not a stack trace.
    await session.close();
    if (err instanceof DomainError) fail(err.message, 1);
    fail(`cannot read ${file}: ${readErrorReason(err)}`, 1);
  }
  printProblems(configPath, session.problems, c);
  let server: Awaited<ReturnType<typeof startStudioServer>>;
  try {
    server = await startStudioServer({
      session,
      handlers: createStudioHandlers(session, { settings }),
      staticDir,
      port,
    });
  } catch (err) {
    await session.close();
    const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
    fail(inUse ? `port ${port} is in use — choose another with --port` : (err as Error).message, 3);
  }
  // Before the URLs are printed: whoever reads them may stop the studio at once (see serve).
  const shutdown = (): void => {
    void (async () => {
      await server.close();
      await session.close();
      process.exit(0);
    })();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const status = session.status();
  process.stdout.write(`${c.bold('Mockyard studio')} for ${displayPath(configPath)}\n`);
  if (session.convertTo)
    process.stdout.write(
      `  ${c.dim('a json-server db.json, served in json-server mode; its config is read-only until Convert to a config')}\n`,
    );
  process.stdout.write(`  studio  ${c.cyan(server.url)}\n`);
  process.stdout.write(
    `  mock    ${status.url ? c.cyan(status.url) : c.yellow(status.error ?? 'not running (the config has errors)')}\n`,
  );
  process.stdout.write(c.dim('Open the studio URL in a browser. Press Ctrl+C to stop.\n'));
}
