interface Props {
  url: string | undefined;
  configPath: string;
  database: string;
  onClose(): void;
  onNeverAgain(): void;
}

/** "What is this": the first thing a new user sees, dismissible forever. */
export function Welcome({ url, configPath, database, onClose, onNeverAgain }: Props) {
  return (
    <section className="welcome" aria-label="Welcome to Mockyard" data-testid="welcome">
      <h3>Welcome to Mockyard</h3>
      <p>
        This is a mock API running on your machine. Call it at <code>{url ?? '(not running yet)'}</code>, e.g.{' '}
        <code>curl {url ?? 'http://127.0.0.1:3000'}/users</code>.
      </p>
      <ul>
        <li>
          <b>Config</b>: the YAML that declares schemas and endpoints. Save (Ctrl/Cmd+S) and the server reloads;
          problems show at their line.
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
