/**
 * json-graphql-server (marmelab's in-memory GraphQL mock) with the GraphQL section's data, served by
 * express as its README shows, with /health for the start-up wait. Usage: json-graphql-child PORT
 */
import { createRequire } from 'node:module';
import type { RequestListener } from 'node:http';
import { health } from './baseline-reply.js';
import { benchPosts, benchUsers } from './graphql-fixtures.js';

type Express = (() => {
  use(path: string, handler: unknown): void;
  get(path: string, handler: (req: unknown, res: { type(t: string): { send(body: string): void } }) => void): void;
  listen(port: number, host: string, ready: () => void): void;
}) &
  RequestListener;

const require = createRequire(import.meta.url);
const entry = require.resolve('json-graphql-server/node');
const { jsonGraphqlExpress } = require(entry) as { jsonGraphqlExpress: (data: unknown) => unknown };
// express as json-graphql-server itself depends on it.
const express = createRequire(entry)('express') as Express;

const [port = '0'] = process.argv.slice(2);
const app = express();
app.get('/health', (_req, res) => res.type('application/json').send(health));
app.use('/graphql', jsonGraphqlExpress({ users: benchUsers(), posts: benchPosts() }));
app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
