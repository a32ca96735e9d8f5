import { useState } from 'react';
import type { ServerStatus } from '../../../shared/src/studio-contract';

interface Props {
  status: ServerStatus | undefined;
  path: string;
  dirty: boolean;
  problems: number;
  onChoosePort(): void;
  onSettings: (() => void) | undefined;
}

/** Server state and URL (click to copy), file, unsaved marker, problem count. */
export function StatusBar({ status, path, dirty, problems, onChoosePort, onSettings }: Props) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    if (!status?.url) return;
    void navigator.clipboard?.writeText(status.url).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1200);
    });
  };
  const state =
    status?.state === 'running'
      ? status.pendingApply
        ? 'Saved, not applied yet'
        : status.servingLastValid
          ? `Serving last valid config · ${problems} problem${problems === 1 ? '' : 's'}`
          : 'Running'
      : status?.state === 'error'
        ? 'Not running'
        : 'Stopped';
  return (
    <footer className="statusbar" data-testid="statusbar">
      <span className={`state state-${status?.state ?? 'stopped'}`} data-testid="server-state">
        ● {state}
      </span>
      {status?.url ? (
        <button type="button" className="url" onClick={copy} title="Copy the URL">
          {copied ? 'Copied' : status.url}
        </button>
      ) : null}
      <button type="button" className="port" onClick={onChoosePort} title="Change the port">
        Port…
      </button>
      <span className="file" title={path}>
        {path}
        {dirty ? (
          <span className="dirty" data-testid="unsaved">
            {' '}
            ● unsaved
          </span>
        ) : null}
      </span>
      {onSettings ? (
        <button type="button" onClick={onSettings} data-testid="open-settings">
          Settings
        </button>
      ) : null}
      <span className="problem-count" data-testid="problem-count">
        {problems} problem{problems === 1 ? '' : 's'}
      </span>
    </footer>
  );
}
