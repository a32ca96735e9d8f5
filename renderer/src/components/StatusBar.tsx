import { Copy, Info, Plug, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { counted } from '../../../shared/src/plural';
import type { ServerStatus } from '../../../shared/src/studio-contract';
import { useFeedback } from '../feedback/feedback';
import { type Tone, toneClass } from '../tone';
import { portNote } from './port-note';

interface Props {
  status: ServerStatus | undefined;
  path: string;
  dirty: boolean;
  problems: number;
  onChoosePort(): void;
  /** Offers to write a port chosen here into the config. */
  onKeepPort: (() => void) | undefined;
  onSettings: (() => void) | undefined;
  /** The scenario switcher (shown when the config has scenarios). */
  scenarios?: ReactNode;
}

/** The server state's class (state-running …) and its colour. */
type ServerTone = 'running' | 'warning' | 'error' | 'stopped';
const TONES: Record<ServerTone, Tone> = { running: 'ok', warning: 'warning', error: 'error', stopped: 'muted' };

/** The server's state in words and colour: green running, amber running with a caveat, red not running. */
export function serverState(status: ServerStatus | undefined, problems: number): { text: string; tone: ServerTone } {
  if (status?.state === 'running') {
    if (status.pendingApply) return { text: 'Saved, not applied yet', tone: 'warning' };
    if (status.servingLastValid)
      return { text: `Serving last valid config · ${counted(problems, 'problem')}`, tone: 'warning' };
    return { text: 'Running', tone: 'running' };
  }
  if (status?.state === 'error') return { text: 'Not running', tone: 'error' };
  return { text: 'Stopped', tone: 'stopped' };
}

/** Server state and URL (click to copy), why this port, file, unsaved marker, problem count. */
export function StatusBar(props: Props) {
  const { status, path, dirty, problems, onChoosePort, onKeepPort, onSettings, scenarios } = props;
  const { notify } = useFeedback();
  const copy = () => {
    if (!status?.url) return;
    void navigator.clipboard?.writeText(status.url).then(() => notify('Copied'));
  };
  const state = serverState(status, problems);
  const note = portNote(status);
  return (
    <footer className="statusbar" data-testid="statusbar">
      <span className={`state state-${state.tone} ${toneClass(TONES[state.tone])}`} data-testid="server-state">
        {state.text}
      </span>
      {status?.url ? (
        <button type="button" className="url" onClick={copy} title="Copy the URL">
          {status.url}
          <Copy size={12} aria-hidden="true" />
        </button>
      ) : null}
      {note ? (
        <span className="port-note" data-testid="port-note" title={note}>
          <Info size={12} aria-hidden="true" /> {note}
        </span>
      ) : null}
      {onKeepPort ? (
        <button type="button" onClick={onKeepPort} data-testid="keep-port">
          Keep in config…
        </button>
      ) : null}
      <button type="button" className="port" onClick={onChoosePort} title="Change the port" data-testid="port-button">
        <Plug size={12} aria-hidden="true" />
        Port…
      </button>
      {scenarios}
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
          <Settings size={12} aria-hidden="true" />
          Settings
        </button>
      ) : null}
      <span className="problem-count" data-testid="problem-count">
        {counted(problems, 'problem')}
      </span>
    </footer>
  );
}
