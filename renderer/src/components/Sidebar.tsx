import { Table2 } from 'lucide-react';
import { counted } from '../../../shared/src/plural';
import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { TableInfo } from '../../../shared/src/studio-contract';

interface Props {
  endpoints: EndpointSummary[];
  tables: TableInfo[];
  width: number;
  onEndpoint(line: number): void;
  onTable(table: string): void;
}

/** Endpoints (click jumps to the YAML line) and tables of the live config. */
export function Sidebar({ endpoints, tables, width, onEndpoint, onTable }: Props) {
  return (
    <nav className="sidebar" aria-label="Endpoints and tables" style={{ width }} data-testid="sidebar">
      <h2>
        Endpoints <span className="count">{endpoints.length}</span>
      </h2>
      {endpoints.length === 0 ? <p className="empty">No endpoints yet.</p> : null}
      <ul data-testid="endpoint-list">
        {endpoints.map((e) => (
          <li key={`${e.method} ${e.path}`}>
            <button type="button" onClick={() => onEndpoint(e.line)} title={`${e.method} ${e.path} · line ${e.line}`}>
              <span className={`method method-${e.method.toLowerCase()}`}>{e.method}</span>
              <span className="path">{e.path}</span>
              <span className="schema">{e.schema ?? 'static'}</span>
            </button>
          </li>
        ))}
      </ul>
      <h2>
        Tables <span className="count">{tables.length}</span>
      </h2>
      {tables.length === 0 ? <p className="empty">No tables: add a schema.</p> : null}
      <ul className="tables" data-testid="table-list">
        {tables.map((t) => (
          <li key={t.table}>
            <button type="button" onClick={() => onTable(t.table)}>
              <Table2 size={14} aria-hidden="true" />
              <span className="path">{t.table}</span>
              <span className="schema">{t.orphaned ? 'removed schema' : counted(t.rows, 'row')}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
