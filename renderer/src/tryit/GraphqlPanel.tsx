import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ServerStatus, TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { ErrorBanner } from '../feedback/ErrorBanner';
import {
  type GraphqlDraft,
  keepDraft,
  keptDraft,
  parseVariables,
  starterDraft,
  toGraphqlRequest,
} from './graphql-draft';
import { ResponseView } from './ResponseView';
import { ServerStopped, useStartServer } from './ServerStopped';
import { TryItFrame } from './TryItFrame';
import { useSentRequest } from './use-sent-request';
import './tryit.css';
import './graphql.css';

interface Props {
  client: StudioClient;
  /** `server.graphql`'s path, e.g. `/graphql`. */
  path: string;
  tables: readonly TableInfo[];
  status: ServerStatus | undefined;
  onClose(): void;
}

const rowsFor = (text: string, min: number, max: number) => Math.min(max, Math.max(min, text.split('\n').length + 1));

/**
 * Try it for the GraphQL endpoint: a query, its variables as JSON and an operation name, POSTed as
 * JSON from the main side (`request.send`) like any Try it request, so it shows in the Log too.
 */
export function GraphqlPanel({ client, path, tables, status, onClose }: Props) {
  const [draft, setDraft] = useState<GraphqlDraft>(() => keptDraft(path) ?? starterDraft(tables));
  const { response, error, setError, sending, send: sendRequest } = useSentRequest(client);
  const panel = useRef<HTMLElement>(null);
  const queryBox = useRef<HTMLTextAreaElement>(null);
  const variablesBox = useRef<HTMLTextAreaElement>(null);
  const problemId = useId();
  const running = status?.state === 'running';
  const variables = parseVariables(draft.variables);
  const edit = (patch: Partial<GraphqlDraft>) => setDraft((d) => ({ ...d, ...patch }));

  useEffect(() => queryBox.current?.focus(), []);
  useEffect(() => keepDraft(path, draft), [path, draft]);

  const send = async () => {
    if (sending) return;
    if (draft.query.trim() === '') {
      setError('Write a query to send.');
      queryBox.current?.focus();
      return;
    }
    // The inline message under the box says why; focus goes there so it is read out.
    if (!variables.ok) {
      variablesBox.current?.focus();
      return;
    }
    await sendRequest(toGraphqlRequest(path, draft, variables.value));
  };

  const start = useStartServer(client, setError);

  return (
    <TryItFrame
      label="Try it: GraphQL"
      testId="tryit-graphql"
      meta="GraphQL"
      panelRef={panel}
      onClose={onClose}
      onKey={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && running && !sending) void send();
      }}
    >
      <form
        className="tryit-line"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <span className="method method-post tryit-graphql-method">POST</span>
        <code className="tryit-path tryit-graphql-path" data-testid="tryit-graphql-path">
          {path}
        </code>
        {/* Not disabled while sending: a disabled button drops focus to the page, where Escape no longer reaches the panel. */}
        <button type="submit" className="btn primary" disabled={!running} aria-busy={sending} data-testid="tryit-send">
          <Send size={14} aria-hidden="true" />
          {sending ? 'Sending…' : 'Send'}
        </button>
      </form>
      <div className="tryit-scroll">
        <ServerStopped status={status} action="send requests" onStart={start} />
        <ErrorBanner message={error} onDismiss={() => setError(undefined)} testId="tryit-error" />
        <label className="tryit-section">
          <span className="tryit-label">Query</span>
          <textarea
            ref={queryBox}
            className="tryit-body-input"
            value={draft.query}
            rows={rowsFor(draft.query, 6, 16)}
            spellCheck={false}
            onChange={(e) => edit({ query: e.target.value })}
            data-testid="tryit-graphql-query"
          />
        </label>
        <label className="tryit-section">
          <span className="tryit-label">Variables (JSON)</span>
          <textarea
            ref={variablesBox}
            className="tryit-body-input"
            value={draft.variables}
            rows={rowsFor(draft.variables, 3, 10)}
            spellCheck={false}
            placeholder='{ "id": "1" }'
            onChange={(e) => edit({ variables: e.target.value })}
            aria-invalid={!variables.ok}
            aria-describedby={variables.ok ? undefined : problemId}
            data-testid="tryit-graphql-variables"
          />
        </label>
        {variables.ok ? null : (
          <p className="tryit-warning" id={problemId} data-testid="tryit-graphql-variables-problem">
            {variables.problem} Fix it to send.
          </p>
        )}
        <label className="tryit-section">
          <span className="tryit-label">Operation name (optional)</span>
          <input
            className="tryit-graphql-operation"
            value={draft.operationName}
            spellCheck={false}
            placeholder="the query's only operation"
            onChange={(e) => edit({ operationName: e.target.value })}
            data-testid="tryit-graphql-operation"
          />
        </label>
        {response ? (
          <ResponseView response={response} />
        ) : (
          <p className="notice tryit-hint">
            Send the query to see the mock's answer here; it also shows in the Log. Ctrl+Enter sends.
          </p>
        )}
      </div>
    </TryItFrame>
  );
}
