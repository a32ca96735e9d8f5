/** The URL Try it opens for a WebSocket or SSE endpoint: the mock's origin, the path as typed. */
export function realtimeUrl(mockUrl: string, pathAndQuery: string, protocol: 'websocket' | 'sse'): string {
  const url = new URL(pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`, mockUrl);
  if (protocol === 'websocket') url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** The `:name` parameters still in a path as typed (before `?`): each must be filled in first. */
export const unfilledParams = (pathAndQuery: string): string[] =>
  [...(pathAndQuery.split('?')[0] ?? '').matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
