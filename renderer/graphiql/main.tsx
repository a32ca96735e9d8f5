/**
 * The GraphiQL page a mock serves at its GraphQL path to a browser (`Accept: text/html`). It sends
 * every request to the path it was loaded from, with fetch: nothing leaves the mock's origin.
 */
import { GraphiQL } from 'graphiql';
import { type ComponentProps, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'graphiql/style.css';
import { escapeThenTabLeavesEditors } from './editor-escape';
import { labelEditors } from './label-editors';
import './page.css';

const endpoint = window.location.pathname;
const params = new URLSearchParams(window.location.search);

const fetcher: ComponentProps<typeof GraphiQL>['fetcher'] = async (body) => {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
};

const root = document.getElementById('graphiql');
if (root) {
  labelEditors(root);
  escapeThenTabLeavesEditors();
  createRoot(root).render(
    <StrictMode>
      <GraphiQL
        fetcher={fetcher}
        query={params.get('query') ?? undefined}
        variables={params.get('variables') ?? undefined}
        defaultQuery={'# Type a query here and run it with Ctrl-Enter, e.g.\n{\n  __typename\n}\n'}
      />
    </StrictMode>,
  );
}
