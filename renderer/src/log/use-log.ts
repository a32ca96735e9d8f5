import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { LogEntry } from '../../../shared/src/log-entry';
import { mergeEntries } from '../../../shared/src/log-merge';
import type { LogSettings } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';

interface Snapshot {
  entries: LogEntry[];
  settings: LogSettings | undefined;
  paused: boolean;
  waiting: number;
}

/**
 * The live request log as the UI keeps it: newest first, at most the retention limit. It lives
 * outside React state so that only the Log tab re-renders when a batch arrives; while paused,
 * new entries wait (counted), and only an open stream already shown changes.
 */
export class LogStore {
  private snapshot: Snapshot = { entries: [], settings: undefined, paused: false, waiting: 0 };
  private held: LogEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly off: () => void;

  constructor(private readonly client: StudioClient) {
    void Promise.all([client.call('log.list', {}), client.call('log.settings', {})]).then(([list, settings]) =>
      this.set({
        settings,
        // What arrived during the call (new entries, a stream's newer state) over the list.
        entries: mergeEntries(
          list.slice(-settings.limit).reverse(),
          this.snapshot.entries.slice().reverse(),
          settings.limit,
        ),
      }),
    );
    this.off = client.on('log.batch', (batch) => this.receive(batch));
  }

  /**
   * New entries, and new states of open ones (a WebSocket or SSE stream's frames, its close). While
   * paused, new entries wait but a shown stream still updates in place: its row says what it is now.
   */
  private receive(batch: readonly LogEntry[]): void {
    if (this.snapshot.paused) {
      const shown = new Set(this.snapshot.entries.map((e) => e.id));
      const updates = batch.filter((e) => shown.has(e.id));
      this.held = mergeEntries(
        this.held,
        batch.filter((e) => !shown.has(e.id)),
        this.limit,
      );
      if (updates.length) this.set({ entries: mergeEntries(this.snapshot.entries, updates, this.limit) });
      if (this.snapshot.waiting !== this.held.length) this.set({ waiting: this.held.length });
      return;
    }
    this.set({ entries: mergeEntries(this.snapshot.entries, batch, this.limit) });
  }

  private get limit(): number {
    return this.snapshot.settings?.limit ?? 1000;
  }

  private set(patch: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => this.snapshot;

  pause(on: boolean): void {
    if (!on && this.held.length) {
      const waiting = this.held;
      this.held = [];
      this.set({
        paused: false,
        waiting: 0,
        entries: mergeEntries(this.snapshot.entries, waiting.slice().reverse(), this.limit),
      });
    } else this.set({ paused: on });
  }

  async clear(): Promise<void> {
    await this.client.call('log.clear', {});
    this.held = [];
    this.set({ entries: [], waiting: 0 });
  }

  async configure(next: Partial<LogSettings>): Promise<void> {
    const settings = await this.client.call('log.configure', next);
    this.set({ settings, entries: this.snapshot.entries.slice(0, settings.limit) });
  }

  close(): void {
    this.off();
  }
}

/** One LogStore for the app's lifetime, collecting even while the Log tab is hidden. */
export function useLogStore(client: StudioClient): LogStore {
  const store = useMemo(() => new LogStore(client), [client]);
  useEffect(() => () => store.close(), [store]);
  return store;
}

export function useLog(store: LogStore) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    ...snapshot,
    pause: (on: boolean) => store.pause(on),
    clear: () => store.clear(),
    configure: (next: Partial<LogSettings>) => store.configure(next),
  };
}
