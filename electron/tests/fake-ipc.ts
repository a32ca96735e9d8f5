import type { CallOutcome } from '../../shared/src/studio-contract.js';
import { settleOutcome } from '../../shared/src/studio-error.js';
import type { IpcMainLike } from '../src/ipc.js';
import { loadPreload } from './preload-sandbox.js';

type Listener = Parameters<IpcMainLike['handle']>[1];
export const APP_URL = 'mockyard://studio/index.html';

/**
 * ipcMain and ipcRenderer.invoke as Electron pairs them, where it matters here:
 * - Arguments and results are copied with the structured clone algorithm, so nothing but plain data
 *   (no class, no function) crosses.
 * - A handler that throws does not reject the renderer's call with that error. Electron's docs for
 *   ipcMain.handle: "Errors thrown through handle in the main process are not transparent as they
 *   are serialized and only the message property from the original error is provided to the
 *   renderer process" (https://www.electronjs.org/docs/latest/api/ipc-main#ipcmainhandlechannel-listener).
 *   What the renderer gets is `Error invoking remote method '<channel>': <the error as a string>`,
 *   and nothing else of it (no code, no status, no class).
 */
export function electronIpc() {
  const handlers = new Map<string, Listener>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => {
      handlers.delete(channel);
    },
  };
  const invoke = async (channel: string, args: unknown, url = APP_URL): Promise<unknown> => {
    const listener = handlers.get(channel);
    if (!listener)
      throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    const sent = structuredClone(args);
    let result: unknown;
    try {
      result = await listener({ senderFrame: { url } }, sent);
    } catch (err) {
      throw new Error(`Error invoking remote method '${channel}': ${String(err)}`);
    }
    return structuredClone(result);
  };
  return { ipcMain, handlers, invoke };
}

/**
 * The renderer's client over the real preload, as the desktop app runs it: the bundled preload with
 * the fake's invoke as ipcRenderer.invoke, and a call settled as renderer/src/api/connect.ts does.
 */
export function preloadClient(invoke: (channel: string, args: unknown) => Promise<unknown>) {
  const api = loadPreload(invoke).exposed.mockyard as {
    calls: Record<string, (args: unknown) => Promise<CallOutcome<unknown>>>;
  };
  return <T>(name: string, args: unknown): Promise<T> =>
    settleOutcome((api.calls[name] as (a: unknown) => Promise<CallOutcome<T>>)(args));
}
