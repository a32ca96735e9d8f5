import { useEffect, useRef, useState } from 'react';
import type { ServerStatus, TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { GraphqlFields } from './GraphqlFields';
import {
  type GraphqlDraft,
  keepDraft,
  keptDraft,
  parseVariables,
  starterDraft,
  toGraphqlRequest,
} from './graphql-draft';
import { RequestFrame } from './RequestFrame';
import { useRequestPanel } from './use-request-panel';
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

/**
 * Try it for the GraphQL endpoint: a query, its variables as JSON and an operation name, POSTed as
 * JSON from the main side (`request.send`) like any Try it request, so it shows in the Log too.
 */
export function GraphqlPanel({ client, path, tables, status, onClose }: Props) {
  const [draft, setDraft] = useState<GraphqlDraft>(() => keptDraft(path) ?? starterDraft(tables));
  const request = useRequestPanel(client);
  const queryBox = useRef<HTMLTextAreaElement>(null);
  const variablesBox = useRef<HTMLTextAreaElement>(null);
  const variables = parseVariables(draft.variables);

  useEffect(() => queryBox.current?.focus(), []);
  useEffect(() => keepDraft(path, draft), [path, draft]);

  const send = async () => {
    if (draft.query.trim() === '') {
      request.setError('Write a query to send.');
      queryBox.current?.focus();
      return;
    }
    // The inline message under the box says why; focus goes there so it is read out.
    if (!variables.ok) {
      variablesBox.current?.focus();
      return;
    }
    await request.send(toGraphqlRequest(path, draft, variables.value));
  };

  return (
    <RequestFrame
      label="Try it: GraphQL"
      testId="tryit-graphql"
      meta="GraphQL"
      onClose={onClose}
      status={status}
      request={request}
      onSend={() => void send()}
      noun="query"
      line={
        <>
          <span className="method method-post tryit-graphql-method">POST</span>
          <code className="tryit-path tryit-graphql-path" data-testid="tryit-graphql-path">
            {path}
          </code>
        </>
      }
    >
      <GraphqlFields
        draft={draft}
        variables={variables}
        queryBox={queryBox}
        variablesBox={variablesBox}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      />
    </RequestFrame>
  );
}
