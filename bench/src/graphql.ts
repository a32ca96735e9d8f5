/**
 * The GraphQL section: Mockyard's GraphQL endpoint against a bare graphql-js server over
 * better-sqlite3 (target ≥ 0.8× its throughput) and against json-graphql-server (in memory) with
 * the same rows, for `allPosts(perPage: 100)` and `Post(id)` POSTed as JSON. Servers on the
 * server CPU, wrk on the load CPU, rounds interleaved, medians.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, median } from './compare.js';
import { GRAPHQL_REQUESTS, graphqlBenchConfig } from './graphql-fixtures.js';
import { freePort, SAME_HEAP_STATE, type Started, startServer } from './processes.js';
import { wrk } from './wrk.js';

export interface GraphqlBench {
  root: string;
  dir: string;
  serverCpu: number | undefined;
  loadCpu: number | undefined;
  seconds: number;
  rounds: number;
}

export async function benchGraphql({ root, dir, serverCpu, loadCpu, seconds, rounds }: GraphqlBench): Promise<void> {
  writeFileSync(join(dir, 'graphql.yaml'), graphqlBenchConfig());
  const cli = join(root, 'bin/mockyard.cjs');
  const commands: Record<string, (port: number) => string[]> = {
    mockyard: (port) => [cli, 'serve', 'graphql.yaml', '--port', String(port), '--db', 'graphql.sqlite', '--quiet'],
    'graphql-js + better-sqlite3': (port) => [
      join(root, 'dist/bench/src/baseline-graphql-server.js'),
      join(dir, 'baseline-graphql.sqlite'),
      String(port),
    ],
    'json-graphql-server': (port) => [join(root, 'dist/bench/src/json-graphql-child.js'), String(port)],
  };
  const servers: { name: string; server: Started }[] = [];
  try {
    for (const [name, args] of Object.entries(commands)) {
      const port = await freePort();
      servers.push({
        name,
        server: await startServer(args(port), port, serverCpu, dir, { nodeFlags: SAME_HEAP_STATE }),
      });
    }
    for (const request of GRAPHQL_REQUESTS) {
      // The same answer from each, or the comparison means nothing.
      const bodies = await Promise.all(
        servers.map(async ({ server }) => {
          const res = await fetch(`${server.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: request.body,
          });
          return (await res.json()) as unknown;
        }),
      );
      for (const body of bodies.slice(1))
        if (JSON.stringify(body) !== JSON.stringify(bodies[0]))
          throw new Error(`GraphQL bench: ${request.name} answers differ: ${JSON.stringify(bodies).slice(0, 400)}`);
      const rps = new Map<string, number[]>(servers.map(({ name }) => [name, []]));
      for (let round = 0; round < rounds; round++)
        for (const { name, server } of round % 2 === 0 ? servers : [...servers].reverse()) {
          const result = await wrk(
            server.url,
            // A Lua string literal of the body: JSON's escapes are Lua's too.
            { method: 'POST', path: '/graphql', luaBody: JSON.stringify(request.body) },
            { connections: 20, seconds, cpu: loadCpu, serverCpu, serverPid: server.pid },
          );
          if (result.errors > 0)
            throw new Error(`GraphQL bench: ${name} had ${result.errors} errors on ${request.name}`);
          rps.get(name)?.push(result.rps);
        }
      const of = (name: string): number => median(rps.get(name) ?? []);
      const mock = of('mockyard');
      const bare = of('graphql-js + better-sqlite3');
      const json = of('json-graphql-server');
      console.log(
        `graphql ${request.name}  req/s median of ${rounds}: mockyard ${fmt(mock)}, graphql-js + better-sqlite3 ${fmt(bare)}, json-graphql-server ${fmt(json)}; mockyard ÷ bare ${fmt(mock / bare, 2)} (>= 0.8 ${mock / bare >= 0.8 ? 'ok' : 'MISSED'}), mockyard ÷ json-graphql-server ${fmt(mock / json, 2)}`,
      );
    }
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
  }
}
