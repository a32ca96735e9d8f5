/**
 * The preload: the renderer's only way to the main process. It exposes one named function per
 * studio call and `on` for the studio's events, nothing else (no ipcRenderer, no channels).
 *
 * A sandboxed preload is one CommonJS script that can require only 'electron', so this file is
 * bundled (rolldown.config.mjs → dist/electron-preload/preload.cjs) with the contract's lists and
 * channel inlined. A call resolves to its CallOutcome as the main process sent it: a thrown error
 * would lose its code crossing the context bridge, so the renderer (api/connect.ts) throws it there.
 */
import { contextBridge, type IpcRendererEvent, ipcRenderer, webUtils } from 'electron';
import {
  CALL_NAMES,
  type CallArgs,
  type CallName,
  type CallOutcome,
  type CallResult,
  EVENT_CHANNEL,
  EVENT_NAMES,
  type EventName,
  type StudioEvents,
} from '../../shared/src/studio-contract.js';

type Calls = { [K in CallName]: (args: CallArgs<K>) => Promise<CallOutcome<CallResult<K>>> };

// Each call invokes its own channel only: the page can name no other.
const calls = Object.fromEntries(
  CALL_NAMES.map((name) => [name, (args: unknown) => ipcRenderer.invoke(name, args)]),
) as unknown as Calls;

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

function on<E extends EventName>(event: E, listener: (payload: StudioEvents[E]) => void): () => void {
  if (!EVENTS.has(event)) throw new Error(`Unknown event '${String(event)}'.`);
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
