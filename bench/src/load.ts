import type { Request } from './wrk.js';

export interface Scenario extends Request {
  name: string;
  /** Minimum Mockyard/bare throughput ratio (issue 21 for SQLite, issue 17 for PostgreSQL). */
  target: number;
  pgTarget: number;
}

/**
 * The four requests, in the order they are measured: the list comes before the POSTs, which add
 * rows, so that both servers list the same 100 seeded rows.
 */
export const SCENARIOS: Scenario[] = [
  { name: 'GET /health (static)', method: 'GET', path: '/health', target: 0.9, pgTarget: 0.9 },
  { name: 'GET /users (100 rows)', method: 'GET', path: '/users', target: 1.5, pgTarget: 1.2 },
  { name: 'GET /users/42', method: 'GET', path: '/users/42', target: 0.9, pgTarget: 0.8 },
  {
    name: 'POST /users (unique)',
    method: 'POST',
    path: '/users',
    // A different body every request: `n` counts this run's requests, `run` names the run.
    luaBody: `string.format('{"name":"Bench User %d","email":"bench-%s-%d@example.com"}', n, run, n)`,
    target: 0.9,
    pgTarget: 0.8,
  },
];
