import { Search, Table2, Zap } from 'lucide-react';
import { useState } from 'react';
import { counted } from '../../../shared/src/plural';
import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { TableInfo } from '../../../shared/src/studio-contract';
import '../tryit/tryit.css';

interface Props {
  endpoints: EndpointSummary[];
  tables: TableInfo[];
  width: number;
  onEndpoint(line: number): void;
  /** Opens Try it for the endpoint. */
  onTry(endpoint: EndpointSummary): void;
  onTable(table: string): void;
  /** `server.graphql`'s path when the served config turns GraphQL on, and opening Try it for it. */
  graphql?: { path: string; onTry(): void };
}

/** Endpoints (click jumps to the YAML line, Try sends a request) and tables of the live config. */
export function Sidebar({ endpoints: all, tables: allTables, width, onEndpoint, onTry, onTable, graphql }: Props) {
  const [search, setSearch] = useState('');
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  const endpoints = all.filter((e) => matches(`${e.method} ${e.path} ${e.schema ?? 'static'}`));
  const tables = allTables.filter((t) => matches(t.table));
  const graphqlShown = graphql !== undefined && matches(`POST ${graphql.path} GraphQL`);
  const shown = (n: number, of: number) => (words.length > 0 ? `${n} of ${of}` : String(of));
  return (
    <nav className="sidebar" aria-label="Endpoints and tables" style={{ width }} data-testid="sidebar">
      <label className="sidebar-search">
        <Search size={14} aria-hidden="true" />
        <input
          type="search"
          value={search}
          placeholder="Find an endpoint or table"
          aria-label="Find an endpoint or table"
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && search) {
              e.stopPropagation();
              setSearch('');
            }
          }}
          data-testid="sidebar-search"
        />
      </label>
      <h2>
        Endpoints <span className="count">{shown(endpoints.length, all.length)}</span>
      </h2>
      {all.length === 0 ? <p className="empty">No endpoints yet.</p> : null}
      {all.length > 0 && endpoints.length === 0 && !graphqlShown ? (
        <p className="empty">No endpoint matches “{search}”.</p>
      ) : null}
      <ul data-testid="endpoint-list">
        {endpoints.map((e) => (
          <EndpointItem
            key={`${e.method} ${e.path}`}
            method={e.method}
            path={e.path}
            kind={e.schema ?? (e.kind === 'websocket' || e.kind === 'sse' ? 'script' : 'static')}
            title={`${e.method} ${e.path} · line ${e.line}`}
            tryLabel={`Try ${e.method} ${e.path}`}
            onOpen={() => onEndpoint(e.line)}
            onTry={() => onTry(e)}
          />
        ))}
        {graphql && graphqlShown ? (
          // It has no line of its own in the config, so its button opens Try it too.
          <EndpointItem
            method="POST"
            path={graphql.path}
            kind="GraphQL"
            title={`Try GraphQL at POST ${graphql.path}`}
            tryLabel={`Try GraphQL ${graphql.path}`}
            onOpen={graphql.onTry}
            onTry={graphql.onTry}
            testId="graphql-endpoint"
          />
        ) : null}
      </ul>
      <h2>
        Tables <span className="count">{shown(tables.length, allTables.length)}</span>
      </h2>
      {allTables.length === 0 ? <p className="empty">No tables: add a schema.</p> : null}
      {allTables.length > 0 && tables.length === 0 ? <p className="empty">No table matches “{search}”.</p> : null}
      <ul className="tables" data-testid="table-list">
        {tables.map((t) => (
          <li key={t.table}>
            <button type="button" onClick={() => onTable(t.table)}>
              <Table2 size={14} aria-hidden="true" />
              <span className="path truncate">{t.table}</span>
              <span className="schema">{t.orphaned ? 'removed schema' : counted(t.rows, 'row')}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An endpoint's row: its method, path and schema (or kind); the row's button opens it, the ⚡ one tries it. */
function EndpointItem(p: {
  method: string;
  path: string;
  kind: string;
  title: string;
  tryLabel: string;
  onOpen(): void;
  onTry(): void;
  testId?: string;
}) {
  return (
    <li className="endpoint" data-testid={p.testId}>
      <button type="button" onClick={p.onOpen} title={p.title}>
        <span className={`method method-${p.method.toLowerCase()}`}>{p.method}</span>
        <span className="path truncate">{p.path}</span>
        <span className="schema">{p.kind}</span>
      </button>
      <button type="button" className="try-button" onClick={p.onTry} aria-label={p.tryLabel} title={p.tryLabel}>
        <Zap size={14} aria-hidden="true" />
      </button>
    </li>
  );
}
