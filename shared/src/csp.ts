/**
 * The studio's Content-Security-Policy, the same in the desktop app and the browser studio: its own
 * scripts only (no inline script, no eval), Monaco's workers and inline styles, nothing remote.
 * Connections may go to the local mock too (any loopback port): Try it opens its WebSocket and SSE
 * endpoints with the browser's own WebSocket and EventSource, as a client of the mock would.
 */
export const STUDIO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:* http://127.0.0.1:* http://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');
