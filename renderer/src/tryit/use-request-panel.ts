import { useRef, useState } from 'react';
import type { SendRequest, SentResponse } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { useStartServer } from './ServerStopped';

export type RequestPanel = ReturnType<typeof useRequestPanel>;

/**
 * The state of a Try it panel that sends one request at a time (HTTP, GraphQL): its element (for
 * focus), and the request, sent through the main side through the main side (`request.send`, so it shows in the Log): the answer, the error and whether one is on its way. A send drops the previous answer at once, so what
 * shows after it is its own answer; a send while one is on its way is dropped. `start` starts the
 * stopped server, its failure shown as the error.
 */
export function useRequestPanel(client: StudioClient) {
  const panelRef = useRef<HTMLElement>(null);
  const [response, setResponse] = useState<SentResponse | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const start = useStartServer(client, setError);
  const send = async (request: SendRequest): Promise<void> => {
    if (sending) return;
    setSending(true);
    setError(undefined);
    setResponse(undefined);
    try {
      setResponse(await client.call('request.send', request));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };
  return { panelRef, response, error, setError, sending, send, start };
}
