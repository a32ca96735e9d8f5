import { Play } from 'lucide-react';
import type { ServerStatus } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { useFeedback } from '../feedback/feedback';

/** Starts the mock server from Try it: "Mock server started", or why it did not (to `onError`). */
export function useStartServer(client: StudioClient, onError: (message: string) => void): () => void {
  const { notify } = useFeedback();
  return () =>
    void client.call('server.start', {}).then(
      (s) => (s.state === 'running' ? notify('Mock server started') : onError(s.error ?? 'The server did not start.')),
      (err: Error) => onError(err.message),
    );
}

/** Try it's warning while the mock server is not running, with Start; nothing while it runs. */
export function ServerStopped({
  status,
  action,
  onStart,
}: {
  status: ServerStatus | undefined;
  action: string;
  onStart(): void;
}) {
  if (status?.state === 'running') return null;
  return (
    <div className="banner banner-warning" data-testid="tryit-stopped">
      <span>
        The mock server is not running
        {status?.error ? `: ${status.error}` : ''}. Start it to {action}.
      </span>
      <button type="button" onClick={onStart}>
        <Play size={14} aria-hidden="true" />
        Start
      </button>
    </div>
  );
}
