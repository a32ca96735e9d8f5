import type { SendRequest, TableInfo } from '../../../shared/src/studio-contract';

/** What the GraphQL form edits: the query text, its variables as JSON text and an optional operation name. */
export interface GraphqlDraft {
  query: string;
  variables: string;
  operationName: string;
}

/** Fields a starter query selects, so it stays short on a wide schema. */
const STARTER_FIELDS = 8;

/**
 * A query to start from: one record of the first schema with an `id` (`Post(id: $id) { … }`), its
 * variables filled in; without such a schema, the API's query type name. GraphQL's names are the config's.
 */
export function starterDraft(tables: readonly TableInfo[]): GraphqlDraft {
  const table = tables.find((t) => !t.orphaned && t.fields.some((f) => f.name === 'id'));
  if (!table)
    return {
      query: 'query {\n  __schema {\n    queryType {\n      name\n    }\n  }\n}\n',
      variables: '',
      operationName: '',
    };
  const fields = table.fields.slice(0, STARTER_FIELDS).map((f) => `    ${f.name}\n`);
  return {
    query: `query Get${table.schema}($id: ID!) {\n  ${table.schema}(id: $id) {\n${fields.join('')}  }\n}\n`,
    variables: '{\n  "id": "1"\n}\n',
    operationName: '',
  };
}

/** The variables as an object (absent when the box is empty), or why they cannot be sent. */
export function parseVariables(
  text: string,
): { ok: true; value?: Record<string, unknown> } | { ok: false; problem: string } {
  if (text.trim() === '') return { ok: true };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, problem: `The variables are not valid JSON: ${(err as Error).message}.` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, problem: 'The variables must be a JSON object, such as { "id": "1" }.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The POST a GraphQL client sends (GraphQL over HTTP): JSON with `query`, `variables` and `operationName`. */
export function toGraphqlRequest(path: string, draft: GraphqlDraft, variables?: Record<string, unknown>): SendRequest {
  const operationName = draft.operationName.trim();
  return {
    method: 'POST',
    path,
    query: '',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({
      query: draft.query,
      ...(variables ? { variables } : {}),
      ...(operationName ? { operationName } : {}),
    }),
  };
}

// The last draft, kept while the studio is open: closing the panel (Escape) and opening it again
// gives back the query being written rather than the starter.
let kept: { path: string; draft: GraphqlDraft } | undefined;
export const keptDraft = (path: string): GraphqlDraft | undefined => (kept?.path === path ? kept.draft : undefined);
export const keepDraft = (path: string, draft: GraphqlDraft): void => {
  kept = { path, draft };
};

/** Try it opened for the GraphQL endpoint; each opening its own number, as `TryTarget`'s. */
export interface GraphqlTarget {
  kind: 'graphql';
  seq: number;
}
let nextSeq = 1;
export const tryGraphql = (): GraphqlTarget => ({ kind: 'graphql', seq: nextSeq++ });
