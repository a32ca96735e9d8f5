/**
 * The engine's public API, second of its two entries: the studio. A session per open config, the
 * handlers of the studio contract, the browser studio's server and the app's settings. The CLI's
 * `studio` command and the desktop app import it; it is kept apart from index.ts so that
 * `mockyard serve` never loads it (see there).
 */
export { StudioSession, type StudioSessionOptions } from './studio/session.js';
export { createStudioHandlers, type StudioHost } from './studio/handlers.js';
export { callFailure, type CallFailure } from './studio/call-error.js';
export {
  DEFAULT_STUDIO_PORT,
  startStudioServer,
  type StudioServer,
  type StudioServerOptions,
} from './studio/http-transport.js';
export { safePath } from './files/static-path.js';
export { AppSettingsFile } from './studio/app-settings.js';
export { defaultDataDir, ensureSampleWorkspace } from './studio/sample-workspace.js';
/** The SQLite connection behind a session's store (undefined on PostgreSQL), for tools that fill a table in bulk (the bench). */
export { sqliteOf } from './store/sqlite/sqlite-of.js';
