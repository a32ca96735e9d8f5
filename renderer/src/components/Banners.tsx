import type { ServerStatus } from '../../../shared/src/studio-contract';

interface Props {
  status: ServerStatus | undefined;
  diskText: string | undefined;
  error: string | undefined;
  onUsePort(port: number): void;
  onDiskChange(take: boolean): void;
  onDismissError(): void;
}

/** Things the user must see: a server that could not start, a file changed on disk, a failed call. */
export function Banners({ status, diskText, error, onUsePort, onDiskChange, onDismissError }: Props) {
  return (
    <div className="banners">
      {status?.error ? (
        <div className="banner banner-error" role="alert" data-testid="server-error">
          <span>{status.error}</span>
          {status.suggestedPort !== undefined ? (
            <button type="button" onClick={() => onUsePort(status.suggestedPort as number)}>
              Use port {status.suggestedPort}
            </button>
          ) : null}
        </div>
      ) : null}
      {diskText !== undefined ? (
        <div className="banner banner-warning" role="alert" data-testid="disk-change">
          <span>The file changed on disk while you have unsaved edits.</span>
          <button type="button" onClick={() => onDiskChange(true)}>
            Load the file
          </button>
          <button type="button" onClick={() => onDiskChange(false)}>
            Keep my edits
          </button>
        </div>
      ) : null}
      {error ? (
        <div className="banner banner-error" role="alert">
          <span>{error}</span>
          <button type="button" onClick={onDismissError}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
