import type { LogEntry } from '../../../shared/src/log-entry';

interface Props {
  entries: LogEntry[];
  url: string | undefined;
  onClear(): void;
}

const statusClass = (status: number): string => `status-${Math.floor(status / 100)}xx`;

/** Requests as they happen, newest first. */
export function LogTab({ entries, url, onClear }: Props) {
  if (entries.length === 0) {
    return (
      <div className="empty-state" data-testid="log-empty">
        <h3>No requests yet</h3>
        <p>Every request to the mock server shows up here as it happens. Try:</p>
        <pre>curl {url ?? 'http://127.0.0.1:3000'}/</pre>
      </div>
    );
  }
  return (
    <div className="log" data-testid="log">
      <div className="toolbar">
        <span>{entries.length} requests</span>
        <button type="button" onClick={onClear}>
          Clear
        </button>
      </div>
      <table>
        <thead>
          <tr>
            <th>Time</th>
            <th>Method</th>
            <th>Path</th>
            <th>Status</th>
            <th>ms</th>
            <th>Endpoint</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>{new Date(e.time).toLocaleTimeString()}</td>
              <td>{e.method}</td>
              <td className="path">
                {e.path}
                {e.query ? `?${e.query}` : ''}
              </td>
              <td className={statusClass(e.status)}>{e.status}</td>
              <td>{e.duration.toFixed(1)}</td>
              <td>{e.endpoint ?? 'no match'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
