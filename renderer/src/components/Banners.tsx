import { AlertTriangle, FileWarning, History, KeyRound, Plug, RotateCw, X } from 'lucide-react';
import type { ServerStatus } from '../../../shared/src/studio-contract';

interface Props {
  status: ServerStatus | undefined;
  diskText: string | undefined;
  /** A port chosen here that the user may want kept in the config (asked once per choice). */
  askPort: number | undefined;
  /** Calls are refused: the tab's access token is gone. */
  sessionLost: boolean;
  /** The editor shows an unsaved edit brought back after a reload. */
  restored: boolean;
  dirty: boolean;
  onUsePort(port: number): void;
  onWritePort(port: number): void;
  onDeclinePort(): void;
  onDiskChange(take: boolean): void;
  onReload(): void;
  onDismissRestored(): void;
}

/**
 * Things the user must see and answer: a server that could not start, a port to keep, a file
 * changed on disk, a lost session, an edit restored after a reload. Each stays until answered.
 */
export function Banners(p: Props) {
  const { status } = p;
  return (
    <div className="banners">
      {p.sessionLost ? (
        <div className="banner banner-error" role="alert" data-testid="session-lost">
          <KeyRound size={16} aria-hidden="true" />
          <span>
            This tab lost its access to the studio (its token cookie expired or was cleared, or the studio restarted).{' '}
            {p.dirty ? 'Your edit is not saved. ' : ''}Reload to sign in again
            {p.dirty ? '; the unsaved text comes back in the editor' : ''}.
          </span>
          <button type="button" className="primary" onClick={p.onReload} data-testid="session-reload">
            <RotateCw size={14} aria-hidden="true" />
            {p.dirty ? 'Reload, keeping my edit' : 'Reload'}
          </button>
        </div>
      ) : null}
      {p.restored ? (
        <div className="banner banner-warning" role="status" data-testid="restored-draft">
          <History size={16} aria-hidden="true" />
          <span>Restored your unsaved edit from before the reload. It is not saved yet: save it to keep it.</span>
          <button type="button" className="icon" aria-label="Dismiss" onClick={p.onDismissRestored}>
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {status?.error ? (
        <div className="banner banner-error" role="alert" data-testid="server-error">
          <AlertTriangle size={16} aria-hidden="true" />
          <span>{status.error}</span>
          {status.suggestedPort !== undefined ? (
            <button type="button" onClick={() => p.onUsePort(status.suggestedPort as number)}>
              <Plug size={14} aria-hidden="true" />
              Use port {status.suggestedPort}
            </button>
          ) : null}
        </div>
      ) : null}
      {p.askPort !== undefined && status?.portOrigin === 'chosen' && status.port === p.askPort ? (
        <div className="banner banner-info" role="status" data-testid="keep-port-question">
          <Plug size={16} aria-hidden="true" />
          <span>
            Keep port {p.askPort} for next time? The config says{' '}
            {status.configPort === undefined ? 'no port' : status.configPort}; writing it changes only that line.
          </span>
          <button
            type="button"
            className="primary"
            onClick={() => p.onWritePort(p.askPort as number)}
            data-testid="write-port"
          >
            Write to the config
          </button>
          <button type="button" onClick={p.onDeclinePort}>
            Not now
          </button>
        </div>
      ) : null}
      {p.diskText !== undefined ? (
        <div className="banner banner-warning" role="alert" data-testid="disk-change">
          <FileWarning size={16} aria-hidden="true" />
          <span>The file changed on disk while you have unsaved edits.</span>
          <button type="button" onClick={() => p.onDiskChange(true)}>
            Load the file
          </button>
          <button type="button" onClick={() => p.onDiskChange(false)}>
            Keep my edits
          </button>
        </div>
      ) : null}
    </div>
  );
}
