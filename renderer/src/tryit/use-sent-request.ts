import { useState } from 'react';
import type { SendRequest, SentResponse } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';

/**
 * One Try it request at a time through the main side (`request.send`, so it shows in the Log): the
 * answer, the error and whether one is on its way. A send drops the previous answer at once, so what
 * shows after it is its own answer.
 */
export function useSentRequest(client: StudioClient) {
  const [response, setResponse] = useState<SentResponse | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const send = async (request: SendRequest): Promise<void> => {
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
  return { response, error, setError, sending, send };
}
