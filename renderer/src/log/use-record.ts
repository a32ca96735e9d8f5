import { useCallback, useEffect, useState } from 'react';
import type { RecordMode, RecordStatus } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { useFeedback } from '../feedback/feedback';

/** The Log tab's Record toggle: the engine's recording state, live, and the call that changes it. */
export function useRecord(client: StudioClient) {
  const [status, setStatus] = useState<RecordStatus | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const { notify } = useFeedback();
  useEffect(() => {
    let alive = true;
    client.call('record.status', {}).then(
      (s) => {
        if (alive) setStatus(s);
      },
      () => undefined,
    );
    const offs = [
      client.on('record.status', setStatus),
      client.on('record.recorded', (e) =>
        notify(`Recorded ${e.method} ${e.path}${e.schema ? ` as schema ${e.schema}` : ''} into the config`),
      ),
    ];
    return () => {
      alive = false;
      for (const off of offs) off();
    };
  }, [client, notify]);
  const set = useCallback(
    async (mode: RecordMode | null) => {
      try {
        setStatus(await client.call('record.set', { mode }));
        setError(undefined);
      } catch (err) {
        setError((err as Error).message);
      }
    },
    [client],
  );
  return { status, set, error, dismissError: () => setError(undefined) };
}

export type RecordControl = ReturnType<typeof useRecord>;
