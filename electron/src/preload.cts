/**
 * The preload: the renderer's only way to the main process. It exposes one named function per
 * studio call and `on` for the studio's events, nothing else (no ipcRenderer, no channels).
 * Sandboxed preloads are CommonJS and can require only 'electron', so the names are listed here;
 * the `satisfies` checks fail the build if they drift from the contract.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { CallArgs, CallName, CallResult, EventName, StudioEvents } from '../../shared/src/studio-contract.js';

const EVENT_CHANNEL = 'mockyard:event';
const invoke =
  <K extends CallName>(name: K) =>
  (args: CallArgs<K>): Promise<CallResult<K>> =>
    ipcRenderer.invoke(name, args) as Promise<CallResult<K>>;

const calls = {
  'config.get': invoke('config.get'),
  'config.save': invoke('config.save'),
  'config.validate': invoke('config.validate'),
  'config.apply': invoke('config.apply'),
  'server.status': invoke('server.status'),
  'server.start': invoke('server.start'),
  'server.stop': invoke('server.stop'),
  'server.setPort': invoke('server.setPort'),
  'tables.list': invoke('tables.list'),
  'tables.query': invoke('tables.query'),
  'tables.insert': invoke('tables.insert'),
  'tables.update': invoke('tables.update'),
  'tables.delete': invoke('tables.delete'),
  'tables.restore': invoke('tables.restore'),
  'tables.generate': invoke('tables.generate'),
  'tables.importPreview': invoke('tables.importPreview'),
  'tables.import': invoke('tables.import'),
  'tables.export': invoke('tables.export'),
  'tables.saveSeed': invoke('tables.saveSeed'),
  'tables.resetToSeed': invoke('tables.resetToSeed'),
  'log.list': invoke('log.list'),
  'log.clear': invoke('log.clear'),
  'log.settings': invoke('log.settings'),
  'log.configure': invoke('log.configure'),
  'log.export': invoke('log.export'),
  'log.replay': invoke('log.replay'),
  'app.settings': invoke('app.settings'),
  'app.configure': invoke('app.configure'),
  'app.open': invoke('app.open'),
} satisfies { [K in CallName]: (args: CallArgs<K>) => Promise<CallResult<K>> };

const EVENTS = {
  'config.applied': true,
  'config.rejected': true,
  'config.changedOnDisk': true,
  'server.status': true,
  'log.batch': true,
  'table.changed': true,
  'app.command': true,
} satisfies Record<EventName, true>;

function on<E extends EventName>(event: E, listener: (payload: StudioEvents[E]) => void): () => void {
  if (!Object.hasOwn(EVENTS, event)) throw new Error(`Unknown event '${String(event)}'.`);
  const wrapped = (_e: IpcRendererEvent, name: string, payload: StudioEvents[E]): void => {
    if (name === event) listener(payload);
  };
  ipcRenderer.on(EVENT_CHANNEL, wrapped);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  };
}

/** The path of a file dropped on the window (Electron hides it from the page itself). */
const pathForFile = (file: File): string => webUtils.getPathForFile(file);

export const api = { calls, on, pathForFile };
contextBridge.exposeInMainWorld('mockyard', api);
