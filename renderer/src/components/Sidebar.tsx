import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { TableInfo } from '../../../shared/src/studio-contract';

interface Props {
  endpoints: EndpointSummary[];
  tables: TableInfo[];
  onEndpoint(line: number): void;
  onTable(table: string): void;
}

/** Endpoints (click jumps to the YAML line) and tables of the live config. */
export function Sidebar({ endpoints, tables, onEndpoint, onTable }: Props) {
  return (
    <nav className="sidebar" aria-label="Endpoints and tables">
      <h2>Endpoints</h2>
      {endpoints.length === 0 ? <p className="empty">No endpoints yet.</p> : null}
      <ul data-testid="endpoint-list">
        {endpoints.map((e) => (
          <li key={`${e.method} ${e.path}`}>
            <button type="button" onClick={() => onEndpoint(e.line)} title={`Line ${e.line}`}>
              <span className={`method method-${e.method.toLowerCase()}`}>{e.method}</span>
              <span className="path">{e.path}</span>
              <span className="schema">{e.schema ?? 'static'}</span>
            </button>
          </li>
        ))}
      </ul>
      <h2>Tables</h2>
      {tables.length === 0 ? <p className="empty">No tables: add a schema.</p> : null}
      <ul className="tables">
        {tables.map((t) => (
          <li key={t.table}>
            <button type="button" onClick={() => onTable(t.table)}>
              <span className="path">{t.table}</span>
              <span className="schema">{t.orphaned ? 'removed schema' : `${t.rows} rows`}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
