import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerStatus } from '../../shared/src/studio-contract.js';
import { yaml } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

const CONFIG = yaml`
  schemas:
    Post:
      properties:
        id: integer
        title: string
  endpoints:
    - resource: Post
`;

test("the studio's server status names the GraphQL path of the served config, and follows saves that turn it on, move it and turn it off", async () => {
  const s = await openSession(CONFIG);
  try {
    const statuses: ServerStatus[] = [];
    s.session.on('server.status', (status) => statuses.push(status as ServerStatus));
    assert.equal(s.session.status().graphqlPath, undefined);
    await s.handlers['config.save']({ text: `server:\n  graphql: true\n${CONFIG}` });
    assert.equal(s.session.status().graphqlPath, '/graphql');
    // The renderer learns it from the status event sent after the apply.
    assert.equal(statuses.at(-1)?.graphqlPath, '/graphql');
    await s.handlers['config.save']({ text: `server:\n  graphql: /gql\n${CONFIG}` });
    assert.equal(statuses.at(-1)?.graphqlPath, '/gql');
    await s.handlers['config.save']({ text: CONFIG });
    assert.equal(statuses.at(-1)?.graphqlPath, undefined);
    // An invalid save keeps serving the last valid version, and so its path.
    await s.handlers['config.save']({ text: `server:\n  graphql: true\n${CONFIG}` });
    await s.handlers['config.save']({ text: `server:\n  graphql: not a path\n${CONFIG}` });
    assert.equal(s.session.status().graphqlPath, '/graphql');
  } finally {
    await s.close();
  }
});
