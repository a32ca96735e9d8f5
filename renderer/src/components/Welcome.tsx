import { Copy, Rocket } from 'lucide-react';
import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { ServerStatus } from '../../../shared/src/studio-contract';
import { useFeedback } from '../feedback/feedback';
import { useReturnFocus } from './use-return-focus';
import { curlFor, exampleEndpoints } from './welcome-examples';

interface Props {
  status: ServerStatus | undefined;
  endpoints: EndpointSummary[];
  /** The config has errors (no valid config is being served). */
  problems: number;
  configPath: string;
  database: string;
  onClose(): void;
  onNeverAgain(): void;
}

/** Where the mock is, in words that are true right now: running at its URL, or not and why. */
function StateLine({ status, problems }: { status: ServerStatus | undefined; problems: number }) {
  if (status?.state === 'running' && status.url)
    return (
      <p className="state-line" data-testid="welcome-state">
        Your mock API is running on this machine at <code>{status.url}</code>.
      </p>
    );
  const why =
    status?.state === 'error' && status.error
      ? `${status.error}.${status.suggestedPort !== undefined ? ` “Use port ${status.suggestedPort}” starts it on a free port.` : ''}`
      : problems > 0
        ? 'the config has problems; fix them below and save.'
        : 'it is stopped.';
  return (
    <p className="state-line" data-testid="welcome-state">
      Your mock API is not running: {why}
    </p>
  );
}

/** "What is this": the first thing a new user sees, built from the live config, dismissible forever. */
export function Welcome({ status, endpoints, problems, configPath, database, onClose, onNeverAgain }: Props) {
  const { notify } = useFeedback();
  const running = status?.state === 'running' && status.url !== undefined;
  // Not running: the address it will have, never presented as one that answers now.
  const base = status?.url ?? `http://127.0.0.1:${status?.port ?? 3000}`;
  const examples = exampleEndpoints(endpoints);
  // Closed with "Got it": the focus goes to the view's tab, not to <body> (where Tab starts over).
  useReturnFocus(() => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'));
  return (
    <section className="welcome" aria-label="Welcome to Mockyard" data-testid="welcome">
      <div>
        <h3>
          <Rocket size={18} aria-hidden="true" />
          Welcome to Mockyard
        </h3>
        <StateLine status={status} problems={problems} />
        {examples.length ? (
          <>
            <p>{running ? 'Try it:' : 'Once it runs, try:'}</p>
            <ul className="tries stack-list" data-testid="welcome-examples">
              {examples.map((e) => {
                const command = curlFor(e, base);
                return (
                  <li key={`${e.method} ${e.path}`} className="try">
                    <code className="truncate" title={command}>
                      {command}
                    </code>
                    <button
                      type="button"
                      className="icon"
                      aria-label={`Copy: ${command}`}
                      onClick={() => void navigator.clipboard?.writeText(command).then(() => notify('Copied'))}
                    >
                      <Copy size={14} aria-hidden="true" />
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p>
            The config declares no endpoints yet: add one under <code>endpoints:</code> and save.
          </p>
        )}
      </div>
      <div className="side">
        <ul>
          <li>
            <b>Config</b>: the YAML of schemas and endpoints. Save (Ctrl/Cmd+S) and the mock reloads; problems show at
            their line.
          </li>
          <li>
            <b>Data</b>: the tables behind the endpoints. Edit rows, generate fake ones, import and export.
          </li>
          <li>
            <b>Log</b>: every request the mock answers, live.
          </li>
        </ul>
        <p className="files">
          Config: <code>{configPath}</code>
          <br />
          Database: <code>{database}</code>
        </p>
      </div>
      <footer>
        <button type="button" className="primary" onClick={onClose}>
          Got it
        </button>
        <button type="button" onClick={onNeverAgain} data-testid="welcome-never">
          Don't show this again
        </button>
      </footer>
    </section>
  );
}
