import { EVENT_NAMES, type CallName, type EventName, type StudioEvents } from '../../../shared/src/studio-contract';
import { StudioError, studioErrorFrom } from '../../../shared/src/studio-error';
import type { StudioClient } from './client';

/** The browser studio's transport: POST /api/call/<name> and an EventSource on /api/events. */
export function httpClient(base = ''): StudioClient {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const source = new EventSource(`${base}/api/events`);
  for (const name of EVENT_NAMES) {
    source.addEventListener(name, (event) => {
      const payload = JSON.parse((event as MessageEvent<string>).data) as never;
      for (const listener of listeners.get(name) ?? []) listener(payload);
    });
  }
  return {
    transport: 'browser',
    pathForFile: () => '',
    async call(name: CallName, args: unknown) {
      const res = await fetch(`${base}/api/call/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(args ?? {}),
      }).catch((err: unknown) => {
        throw new StudioError('failed', `The studio server cannot be reached (${(err as Error).message}).`);
      });
      // A failure is `{ error, code }` from the studio; anything else in the way (a proxy) may send no JSON.
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok) throw studioErrorFrom(body, `${name} failed with ${res.status}.`);
      if (body === undefined) throw new StudioError('failed', `${name} answered with no JSON.`);
      return body as never;
    },
    on<E extends EventName>(event: E, listener: (payload: StudioEvents[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
}
