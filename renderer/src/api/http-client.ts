import { EVENT_NAMES, type CallName, type EventName, type StudioEvents } from '../../../shared/src/studio-contract';
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
      });
      const body = (await res.json()) as { error?: string };
      if (!res.ok) throw new Error(body.error ?? `${name} failed with ${res.status}`);
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
