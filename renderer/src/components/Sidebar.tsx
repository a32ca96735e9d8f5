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
          <li key={`${e.method} ${e.path}`} className="endpoint">
            <button type="button" onClick={() => onEndpoint(e.line)} title={`${e.method} ${e.path} · line ${e.line}`}>
              <span className={`method method-${e.method.toLowerCase()}`}>{e.method}</span>
              <span className="path truncate">{e.path}</span>
              <span className="schema">
                {e.schema ?? (e.kind === 'websocket' || e.kind === 'sse' ? 'script' : 'static')}
              </span>
            </button>
            <button
              type="button"
              className="try-button"
              onClick={() => onTry(e)}
              aria-label={`Try ${e.method} ${e.path}`}
              title={`Try ${e.method} ${e.path}`}
            >
              <Zap size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
        {graphql && graphqlShown ? <GraphqlItem {...graphql} /> : null}
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

/** The GraphQL endpoint's row: it has no line of its own in the config, so its button opens Try it. */
function GraphqlItem({ path, onTry }: { path: string; onTry(): void }) {
  return (
    <li className="endpoint" data-testid="graphql-endpoint">
      <button type="button" onClick={onTry} title={`Try GraphQL at POST ${path}`}>
        <span className="method method-post">POST</span>
        <span className="path truncate">{path}</span>
        <span className="schema">GraphQL</span>
      </button>
      <button
        type="button"
        className="try-button"
        onClick={onTry}
        aria-label={`Try GraphQL ${path}`}
        title={`Try GraphQL ${path}`}
      >
        <Zap size={14} aria-hidden="true" />
      </button>
    </li>
  );
}
