import type {
  CallArgs,
  CallName,
  CallOutcome,
  CallResult,
  EventName,
  StudioEvents,
} from '../../../shared/src/studio-contract';

/**
 * The studio contract as the UI sees it; Electron IPC and HTTP + SSE both provide it. A failed call
 * rejects with a StudioError (shared/src/studio-error.ts): the engine's message and a code.
 */
export interface StudioClient {
  call<K extends CallName>(name: K, args: CallArgs<K>): Promise<CallResult<K>>;
  on<E extends EventName>(event: E, listener: (payload: StudioEvents[E]) => void): () => void;
  /** 'electron' or 'browser', for the few things that differ (copying, opening links). */
  transport: 'electron' | 'browser';
  /** The path of a dropped file: the desktop app knows it, a browser page never does (''). */
  pathForFile(file: File): string;
}

/**
 * What Electron's preload exposes as `window.mockyard`: one named function per call, plus `on`.
 * A call resolves to its outcome, failures included (see electron/src/ipc.ts for why).
 */
export interface PreloadApi {
  calls: { [K in CallName]: (args: CallArgs<K>) => Promise<CallOutcome<CallResult<K>>> };
  on<E extends EventName>(event: E, listener: (payload: StudioEvents[E]) => void): () => void;
  /** The path of a file dropped on the window. */
  pathForFile(file: File): string;
}

declare global {
  interface Window {
    mockyard?: PreloadApi;
  }
}
