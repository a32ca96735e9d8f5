import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScenarioState } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';

/**
 * The running config's scenarios and their current states, fetched again when a config is applied
 * and, while there are any, after each batch of logged requests (a request's `setScenario` may have
 * moved one; at most 5 batches a second), at most one call in flight.
 */
export function useScenarios(client: StudioClient) {
  const [scenarios, setScenarios] = useState<ScenarioState[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const busy = useRef(false);
  const again = useRef(false);
  const any = useRef(false);
  const refresh = useCallback(() => {
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    client.call('scenarios.list', {}).then(
      (list) => {
        busy.current = false;
        any.current = list.length > 0;
        setScenarios(list);
        if (again.current) {
          again.current = false;
          refresh();
        }
      },
      () => {
        busy.current = false;
      },
    );
  }, [client]);
  useEffect(() => {
    refresh();
    // A config without scenarios has nothing a request could move: batches are not followed then.
    const offs = [
      client.on('config.applied', refresh),
      client.on('log.batch', () => {
        if (any.current) refresh();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [client, refresh]);
  const set = useCallback(
    async (name: string, state: string) => {
      try {
        setScenarios(await client.call('scenarios.set', { name, state }));
        setError(undefined);
      } catch (err) {
        setError((err as Error).message);
      }
    },
    [client],
  );
  return { scenarios, set, error };
}
