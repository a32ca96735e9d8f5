/** `server:`, how the mock listens: port, host, database, CORS, the admin API, proxy, GraphQL. */
import { z } from 'zod/mini';
import { LatencySchema } from './effect-schema.js';
import { MAX_PORT } from './port.js';
import { described, intIn, optional } from './schema-parts.js';

export const CorsSchema = described(
  z.union([
    z.boolean(),
    z.strictObject({
      origin: described(z.union([z.string(), z.array(z.string())]), 'Allowed origin(s); `*` for any.'),
      credentials: optional(z.boolean(), 'Send Access-Control-Allow-Credentials.'),
    }),
  ]),
  'CORS: true allows any origin; or { origin, credentials }. Off by default.',
);

export const AdminSchema = described(
  z.union([
    z.boolean(),
    z.strictObject({
      token: described(z.string().check(z.minLength(8)), 'Bearer token for /__mockyard/.'),
      hosts: optional(
        z
          .array(
            z
              .string()
              .check(
                z.regex(
                  /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i,
                  'must be a host name with an optional port, like api.test or localhost:8080',
                ),
              ),
          )
          .check(
            z.minLength(1, 'must list at least one host name'),
            z.maxLength(32, 'must list at most 32 host names'),
          ),
        "Host names a proxy on this machine sends the admin API as (nginx's `proxy_set_header Host`), e.g. [api.test, 'localhost:8080']; a name without a port matches any port. Requests on a loopback address are otherwise refused unless Host is 127.0.0.1, localhost or [::1] with the server's port.",
      ),
    }),
  ]),
  'Admin endpoints under /__mockyard/ (reset, log). Off by default; true generates a token.',
);

export const ServerSchema = described(
  z.strictObject({
    port: optional(intIn(0, MAX_PORT), 'TCP port. Default 3000; 0 picks a free port.'),
    host: optional(z.string(), 'Interface to bind. Default 127.0.0.1.'),
    database: optional(
      z.string(),
      "SQLite file, relative to the config, or a PostgreSQL URL (postgres://user@host:5432/db) shared by several replicas. Default: the config's name with .sqlite.",
    ),
    schema: optional(
      z.string().check(z.regex(/^[a-z_][a-z0-9_]{0,62}$/)),
      'PostgreSQL schema holding this config’s tables, so one database can hold several mocks. Default mockyard.',
    ),
    cors: optional(CorsSchema),
    latency: optional(LatencySchema),
    bodyLimit: optional(intIn(1), 'Largest request body in bytes. Default 1048576 (1 MiB).'),
    admin: optional(AdminSchema),
    seed: optional(
      z.int(),
      'Seed for randomness: fault rates, random latency and template helpers (faker, uuid, randomInt, oneOf) repeat the same sequence.',
    ),
    openapi: optional(
      z.boolean(),
      'Serve the OpenAPI 3.1 description of this config at GET /__mockyard/openapi.json (no token needed). Default false.',
    ),
    proxy: optional(
      z.string().check(z.regex(/^https?:\/\/[^/?#\s]+[^?#\s]*$/i)),
      'An http:// or https:// URL: requests that match no endpoint are forwarded there and its answers returned (--proxy overrides it).',
    ),
    proxyTimeout: optional(
      intIn(1, 3_600_000),
      'Milliseconds the proxy waits for the upstream before answering 504. Default 30000.',
    ),
    callbacks: optional(z.boolean(), 'false turns every endpoint’s and rule’s `callbacks` off. Default true.'),
    graphql: optional(
      z.union([z.boolean(), z.string().check(z.regex(/^\/[A-Za-z0-9._~/-]*$/, 'must be a path such as /graphql'))]),
      'Serve a GraphQL API over the schemas’ tables: true at /graphql, or at the path given (e.g. /gql). Default false.',
    ),
    allowDelayParam: optional(
      z.boolean(),
      'true: a request’s `_delay=ms` query parameter delays its answer (at most 60000 ms), as json-server’s does. Default false.',
    ),
  }),
  'How the mock server listens. Command-line flags override these.',
);
