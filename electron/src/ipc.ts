import {
  CALL_NAMES,
  EVENT_NAMES,
  type CallName,
  type StudioEvents,
  type StudioHandlers,
} from '../../shared/src/studio-contract.js';
import { isAppUrl } from './security.js';

/** The part of Electron's `ipcMain` the studio uses; tests pass a fake. */
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: { senderFrame: { url: string } | null }, args: unknown) => Promise<unknown>,
  ): void;
  removeHandler(channel: string): void;
}

/** The channel of each call: the call's own name, e.g. `config.save`. Events travel on one channel. */
export const EVENT_CHANNEL = 'mockyard:event';

/**
 * Serves every call of the studio contract over IPC with the shared handlers. Calls from frames
 * that are not the app's own page are refused. Returns a function that removes the handlers.
 */
export function registerStudioIpc(ipcMain: IpcMainLike, handlers: StudioHandlers): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(name, async (event, args) => {
      const url = event.senderFrame?.url ?? '';
      if (!isAppUrl(url)) throw new Error(`Refused ${name} from ${url || 'an unknown frame'}.`);
      const handler = handlers[name as CallName] as (a: unknown) => Promise<unknown>;
      return handler(args ?? {});
    });
  }
  return () => {
    for (const name of CALL_NAMES) ipcMain.removeHandler(name);
  };
}

/** Forwards the session's events to the window: `send(EVENT_CHANNEL, name, payload)`. */
export function forwardStudioEvents(
  on: <E extends keyof StudioEvents>(event: E, listener: (payload: StudioEvents[E]) => void) => () => void,
  send: (channel: string, name: string, payload: unknown) => void,
): () => void {
  const offs = EVENT_NAMES.map((name) => on(name, (payload) => send(EVENT_CHANNEL, name, payload)));
  return () => {
    for (const off of offs) off();
  };
}
