import { isOpenablePath, OPEN_FILE_HINT } from '../../../shared/src/config-file.js';
import { redactPasswords } from '../../../shared/src/database-url.js';
import type { DraftReport, StudioHandlers } from '../../../shared/src/studio-contract.js';
import { DomainError } from '../domain-error.js';
import { packageVersion } from '../version.js';
import { exportOpenApiText, importOpenApiText } from './openapi-calls.js';
import { recordStatus, setRecording } from './recording.js';
import { listScenarios, setScenario } from './scenario-calls.js';
import { sendToMock } from './send-request.js';
import type { StudioSession } from './session.js';
import type { AppSettingsFile } from './app-settings.js';
import {
  exportTable,
  generate,
  generatePreview,
  importRows,
  previewImport,
  resetToSeed,
  restoreRows,
  saveSeed,
} from './data-ops.js';
import { referenceOptions } from './reference-options.js';
import { deleteRows, insertRow, listTables, queryTable, updateRow } from './tables.js';
import { dropHiddenColumn, hiddenColumnsOf, restoreHiddenColumn } from './hidden-columns.js';

/**
 * The studio contract's handlers, written once over a session. The Electron IPC transport and the
 * browser studio's HTTP transport both call exactly these.
 */
export interface StudioHost {
  /** App preferences, when the host keeps them (the desktop app and the browser studio do). */
  settings?: AppSettingsFile;
  /**
   * Opens another config; only the desktop app can (a browser page never sees a file's path).
   * Resolves false when the user kept the current file or the new one could not be opened.
   */
  open?: (path: string) => Promise<boolean>;
  /** Takes the editor's answer to a `reportDraft` command (the desktop app asks before a switch). */
  draft?: (report: DraftReport) => void;
  /** The open db.json became the config at the session's path now (the desktop app's title and Open Recent). */
  converted?: () => void;
}

export function createStudioHandlers(session: StudioSession, host: StudioHost = {}): StudioHandlers {
  const { engine } = session;
  const settings = (): AppSettingsFile => {
    if (!host.settings) throw new DomainError('not_found', 'This studio keeps no preferences.');
    return host.settings;
  };
  const configState = () => ({
    path: session.configPath,
    text: session.text,
    problems: session.problems,
    endpoints: session.endpointList,
    database: redactPasswords(engine.model?.server.database ?? ''),
    ...(session.convertTo === undefined ? {} : { dbJson: { convertTo: session.convertTo } }),
  });
  return {
    'config.apply': async () => {
      const { applied, problems } = await session.applySaved();
      return { applied, problems, endpoints: session.endpointList, version: session.status().version };
    },
    'app.settings': async () => settings().for(session.configPath),
    'app.configure': async (patch) => {
      const next = settings().updateFor(session.configPath, patch);
      if (patch.log) session.log.configure(patch.log);
      if (patch.autoApply !== undefined) await session.setAutoApply(patch.autoApply);
      return next;
    },
    'app.open': async ({ path }) => {
      if (!host.open)
        throw new DomainError(
          'invalid',
          'The browser studio opens one config: start `mockyard studio <file>` for another, or use the desktop app.',
        );
      if (typeof path !== 'string' || !isOpenablePath(path)) throw new DomainError('invalid', OPEN_FILE_HINT);
      return { opened: await host.open(path) };
    },
    'app.draft': async (report) => {
      if (!host.draft) throw new DomainError('invalid', 'Only the desktop app asks the editor for its text.');
      if (typeof report?.id !== 'number' || typeof report.text !== 'string' || typeof report.dirty !== 'boolean')
        throw new TypeError('app.draft needs { id: number, dirty: boolean, text: string }.');
      host.draft({ id: report.id, dirty: report.dirty, text: report.text });
      return {};
    },
    'config.get': async () => configState(),
    'config.convert': async ({ path }) => {
      await session.convertToConfig(path);
      host.converted?.();
      return configState();
    },
    'config.save': async ({ text }) => {
      if (typeof text !== 'string') throw new TypeError('config.save needs { text: string }.');
      const { applied, problems } = await session.save(text);
      return { applied, problems, endpoints: session.endpointList, version: session.status().version };
    },
    'config.validate': async ({ text }) => {
      if (typeof text !== 'string') throw new TypeError('config.validate needs { text: string }.');
      return session.validate(text);
    },
    'server.status': async () => session.status(),
    'server.start': async () => session.startServer(),
    'server.stop': async () => session.stopServer(),
    'server.setPort': async ({ port }) => session.setPort(port),
    'config.writePort': async ({ port }) => {
      const { applied, problems } = await session.writePort(port);
      return { applied, problems, endpoints: session.endpointList, version: session.status().version };
    },
    'tables.list': async () => listTables(engine),
    'tables.query': async (query) => queryTable(engine, query),
    'tables.insert': async ({ table, row }) => insertRow(engine, table, row),
    'tables.update': async ({ table, key, changes }) => updateRow(engine, table, key, changes),
    'tables.delete': async ({ table, keys }) => deleteRows(engine, table, keys),
    'tables.restore': async ({ table, rows }) => restoreRows(engine, table, rows),
    'tables.generate': async ({ table, count, seed }) => generate(engine, table, count, seed),
    'tables.generatePreview': async ({ table, count, seed }) => generatePreview(engine, table, count, seed),
    'tables.referenceOptions': async (query) => referenceOptions(engine, query),
    'tables.importPreview': async (request) => previewImport(engine, request),
    'tables.import': async (request) => importRows(engine, request),
    'tables.export': async ({ table, format }) => exportTable(engine, table, format),
    'tables.saveSeed': async ({ table }) => saveSeed(session, table),
    'tables.resetToSeed': async ({ table }) => resetToSeed(engine, table),
    'tables.hiddenColumns': async ({ table }) => hiddenColumnsOf(engine, table),
    'tables.restoreHiddenColumn': async ({ table, column }) => restoreHiddenColumn(session, table, column),
    'tables.dropHiddenColumn': async ({ table, column }) => dropHiddenColumn(engine, table, column),
    'log.list': async () => engine.log.entries(),
    'log.clear': async () => ({ cleared: session.log.clear() }),
    'log.settings': async () => session.log.settings(),
    'log.configure': async (next) => {
      const result = session.log.configure(next);
      host.settings?.update({ log: result });
      return result;
    },
    'log.export': async ({ format }) => {
      if (format !== 'har' && format !== 'jsonl')
        throw new DomainError('invalid', "The log exports as 'har' or 'jsonl'.");
      return session.log.export(format, packageVersion());
    },
    'log.replay': async ({ id }) => session.log.replay(id),
    'request.send': async (request) => sendToMock(engine, request),
    'openapi.import': async ({ name, text }) => importOpenApiText(name, text),
    'openapi.export': async ({ format, text }) =>
      exportOpenApiText(typeof text === 'string' ? text : session.text, session.configPath, format),
    'record.status': async () => recordStatus(engine),
    'record.set': async ({ mode }) => setRecording(engine, mode, session.emitRecord),
    'scenarios.list': async () => listScenarios(engine),
    'scenarios.set': async (args) => setScenario(engine, args),
    'template.preview': async (request) => {
      if (typeof request?.template !== 'string' || request.sample === null || typeof request.sample !== 'object')
        throw new TypeError(
          'template.preview needs { template: string, sample: { method, path, params, query, headers, body } }.',
        );
      const { previewTemplate } = await import('../templates/preview.js');
      return previewTemplate({ ...request, seed: request.seed ?? engine.model?.server.seed });
    },
  };
}
