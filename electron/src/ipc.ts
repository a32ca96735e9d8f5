import {
  CALL_NAMES,
  type CallName,
  type CallOutcome,
  EVENT_CHANNEL,
  EVENT_NAMES,
  type StudioEvents,
  type StudioHandlers,
} from '../../shared/src/studio-contract.js';
import { callFailure } from '../../engine/src/studio-entry.js';
import { isAppUrl } from './security.js';

/** The part of Electron's `ipcMain` the studio uses; tests pass a fake. */
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: { senderFrame: { url: string } | null }, args: unknown) => Promise<unknown>,
  ): void;
  removeHandler(channel: string): void;
}

export { EVENT_CHANNEL };

/**
 * Serves every call of the studio contract over IPC with the shared handlers; each call's channel is
 * its own name, e.g. `config.save`. Calls from frames `accepts` refuses (by default, any that is not
 * the app's own page) are refused. Returns a function that removes the handlers.
 *
 * A handler never throws across IPC: Electron would keep only the message, prefixed with "Error
 * invoking remote method …". Every call resolves to a CallOutcome instead, and the renderer throws
 * the StudioError it describes, with the engine's own message and code.
 */
export function registerStudioIpc(
  ipcMain: IpcMainLike,
  handlers: StudioHandlers,
  accepts: (url: string) => boolean = isAppUrl,
): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(name, async (event, args): Promise<CallOutcome<unknown>> => {
      const url = event.senderFrame?.url ?? '';
      if (!accepts(url))
        return {
          ok: false,
          error: {
            error: isAppUrl(url)
              ? `Refused ${name}: this page belongs to a file that is no longer open.`
              : `Refused ${name} from ${url || 'an unknown frame'}.`,
            code: 'refused',
          },
        };
      const handler = handlers[name as CallName] as (a: unknown) => Promise<unknown>;
      try {
        return { ok: true, value: await handler(args ?? {}) };
      } catch (err) {
        return { ok: false, error: callFailure(err).body };
      }
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
