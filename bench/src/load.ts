import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Minimum Mockyard/baseline throughput ratio. */
  target: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export const SCENARIOS: Scenario[] = [
  { name: 'GET /health (static)', method: 'GET', path: '/health', target: 0.8 },
  { name: 'GET /users (100 rows)', method: 'GET', path: '/users', target: 1.5 },
  { name: 'GET /users/42', method: 'GET', path: '/users/42', target: 0.8 },
  {
    name: 'POST /users',
    method: 'POST',
    path: '/users',
    body: JSON.stringify({ name: 'Bench User', email: 'bench@example.com' }),
    target: 0.8,
  },
];

/** Runs autocannon against one scenario: `connections` keep-alive connections for `seconds`. */
export async function load(url: string, scenario: Scenario, seconds: number, connections = 50): Promise<LoadResult> {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    body: scenario.body,
    headers: scenario.body ? { 'content-type': 'application/json' } : {},
    connections,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
