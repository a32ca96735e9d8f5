import { useCallback, useEffect, useRef, useState } from 'react';
import type { LogEntry } from '../../../shared/src/log-entry';
import type { LogSettings } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';

/**
 * The live request log as the UI keeps it: newest first, at most the engine's retention limit.
 * While paused, new entries wait (counted) and nothing on screen moves.
 */
export function useLog(client: StudioClient) {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [settings, setSettings] = useState<LogSettings | undefined>(undefined);
  const [paused, setPaused] = useState(false);
  const [waiting, setWaiting] = useState(0);
  const held = useRef<LogEntry[]>([]);
  const pausedRef = useRef(false);
  const limitRef = useRef(1000);

  useEffect(() => {
    let alive = true;
    void Promise.all([client.call('log.list', {}), client.call('log.settings', {})]).then(([list, s]) => {
      if (!alive) return;
      limitRef.current = s.limit;
      setSettings(s);
      setEntries(list.slice(-s.limit).reverse());
    });
    const off = client.on('log.batch', (batch) => {
      const newest = batch.slice().reverse();
      if (pausedRef.current) {
        held.current = [...newest, ...held.current].slice(0, limitRef.current);
        setWaiting(held.current.length);
        return;
      }
      setEntries((old) => [...newest, ...old].slice(0, limitRef.current));
    });
    return () => {
      alive = false;
      off();
    };
  }, [client]);

  const pause = useCallback((on: boolean) => {
    pausedRef.current = on;
    setPaused(on);
    if (!on && held.current.length) {
      const waitingEntries = held.current;
      held.current = [];
      setWaiting(0);
      setEntries((old) => [...waitingEntries, ...old].slice(0, limitRef.current));
    }
  }, []);

  const clear = useCallback(async () => {
    await client.call('log.clear', {});
    held.current = [];
    setWaiting(0);
    setEntries([]);
  }, [client]);

  const configure = useCallback(
    async (next: Partial<LogSettings>) => {
      const s = await client.call('log.configure', next);
      limitRef.current = s.limit;
      setSettings(s);
      setEntries((old) => old.slice(0, s.limit));
    },
    [client],
  );

  return { entries, settings, paused, waiting, pause, clear, configure };
}

export type LogState = ReturnType<typeof useLog>;
