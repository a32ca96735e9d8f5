/**
 * The GET of an `sse:` endpoint: CORS (the config's, or the studio's own origin), the connection
 * limit, Last-Event-ID (a finished stream answers 204), HEAD, then a stream once its templates load.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { realtimeMessages } from '../../../shared/src/realtime-messages.js';
import { corsHeaders } from '../http/cors.js';
import { errorReply, sendReply } from '../http/reply.js';
import type { ServiceModel } from '../model/service-model.js';
import { templateContext } from '../templates/request-view.js';
import { connectionEntry, connectionFacts } from './connection-log.js';
import type { PathMatcher } from './path-match.js';
import type { RealtimeLimits } from './realtime-limits.js';
import { realtimeName, type SseModel } from './realtime-model.js';
import { header, requestTarget } from './request-target.js';
import type { SessionEnv } from './session-env.js';
import { resumeAt, SseSession } from './sse-session.js';
import { type StreamHooks, StreamRecorder } from './stream-recorder.js';

/** The config version's SSE side. */
export interface SseVersion {
  model: ServiceModel;
  sse: PathMatcher<SseModel>;
  env: SessionEnv;
}

/** What a stream needs from the realtime hub. */
export interface SseHost {
  readonly limits: RealtimeLimits;
  /** Whether the connection limit is reached. */
  full(): boolean;
  /** The studio's own origin, allowed without `server.cors`. */
  studioOrigin?(origin: string): boolean;
  /** The log of connections; undefined when logging is off. */
  log: StreamHooks | undefined;
  /** Open streams: a new one is added, and removes itself when it ends. */
  sessions: Set<SseSession>;
}

/** Serves `req` when it is an SSE endpoint's GET or HEAD; false when it is not one. */
export function serveSse(req: IncomingMessage, res: ServerResponse, version: SseVersion, host: SseHost): boolean {
  if (version.sse.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const url = requestTarget(req.url);
  const match = version.sse.match(url.pathname);
  if (!match) return false;
  const { endpoint, params } = match;
  const origin = req.headers.origin;
  const cors = version.model.server.cors
    ? corsHeaders(version.model.server.cors, req)
    : origin && host.studioOrigin?.(origin)
      ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
      : {};
  if (host.full()) {
    sendReply(res, errorReply(503, realtimeMessages.tooManyConnections(host.limits.maxConnections)));
    return true;
  }
  const lastEventId = header(req.headers['last-event-id']);
  const start = endpoint.feed ? 0 : resumeAt(endpoint, lastEventId);
  if (start === 'done' || req.method === 'HEAD') {
    // 204 tells EventSource the stream is over: it stops reconnecting.
    res.writeHead(
      start === 'done' ? 204 : 200,
      start === 'done' ? cors : { ...cors, 'Content-Type': 'text/event-stream' },
    );
    res.end();
    return true;
  }
  const begin = (): void => {
    if (res.destroyed) return;
    const recorder = new StreamRecorder(
      connectionEntry(req, url, realtimeName(endpoint), params, 200),
      'sse',
      host.log,
    );
    const context = templateContext(connectionFacts(req, url, params));
    const session = new SseSession(res, endpoint, version.env, context, recorder, start, (s) =>
      host.sessions.delete(s),
    );
    host.sessions.add(session);
    session.start(cors, lastEventId);
  };
  const ready = version.env.renderer.ready(endpoint);
  if (ready)
    ready.then(begin, (err: unknown) => {
      sendReply(res, errorReply(500, `The templates of ${realtimeName(endpoint)} could not load: ${String(err)}`));
    });
  else begin();
  return true;
}
