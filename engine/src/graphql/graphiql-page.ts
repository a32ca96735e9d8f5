/**
 * The GraphiQL page of `server.graphql`: a browser's GET of the GraphQL path (one whose Accept
 * prefers `text/html` to JSON) gets the page built from renderer/graphiql/ into dist/graphiql/, and
 * its files are served under `<graphql path>/__graphiql/`, a folder no JSON client asks for and that
 * is the GraphQL endpoint's own (a user's route at that exact prefix would be shadowed). The page is
 * not the mock's traffic: it is not logged, as the OpenAPI document is not. A JSON or GraphQL client
 * (no `text/html` preferred) reaches the endpoint exactly as before.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { STUDIO_CSP } from '../../../shared/src/csp.js';
import { fromPackage } from '../package-root.js';
import { errorReply, sendReply } from '../http/reply.js';

/** The folder under the GraphQL path that holds the page's files. */
export const GRAPHIQL_FOLDER = '/__graphiql/';

// The studio's policy: the page's own scripts only, no inline script or eval, nothing remote.
const SECURITY: Record<string, string> = {
  'Content-Security-Policy': STUDIO_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Whether a request to the GraphQL path is a browser's asking for a page rather than a GraphQL client's. */
export function wantsGraphiql(req: IncomingMessage): boolean {
  const { accept } = req.headers;
  if (!accept?.includes('text/html')) return false;
  // JSON types first: a tie (`*/*`) goes to them, so only an Accept that prefers HTML gets the page.
  return (
    new Negotiator({ headers: { accept } }).mediaType([
      'application/graphql-response+json',
      'application/json',
      'text/html',
    ]) === 'text/html'
  );
}

/** Whether a request is for the page or one of its files, given the GraphQL path. */
export function isGraphiqlRequest(req: IncomingMessage, method: string, path: string, graphqlPath: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return path === graphqlPath ? wantsGraphiql(req) : path.startsWith(`${graphqlPath}${GRAPHIQL_FOLDER}`);
}

let page: Promise<string | undefined> | undefined;

/** The built index.html, read once (undefined when dist/graphiql was not built). */
function pageHtml(): Promise<string | undefined> {
  page ??= readFile(fromPackage('dist', 'graphiql', 'index.html'), 'utf8').catch(() => undefined);
  return page;
}

/**
 * Answers a GET or HEAD for the page (`path` is the GraphQL path) or one of its files (`path` is
 * under `<graphql path>/__graphiql/`).
 */
export async function sendGraphiql(res: ServerResponse, graphqlPath: string, path: string): Promise<void> {
  if (path === graphqlPath) {
    const html = await pageHtml();
    if (html === undefined)
      return sendReply(res, errorReply(404, 'The GraphiQL page is not built (run `npm run build`).'), SECURITY);
    // The page's URLs are relative to dist/graphiql/; served at the GraphQL path, they point into its folder.
    const body = html.replaceAll('"./assets/', `"${encodeURI(graphqlPath)}${GRAPHIQL_FOLDER}assets/`);
    res.writeHead(200, {
      ...SECURITY,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-cache',
    });
    res.end(body);
    return;
  }
  const file = path.slice(graphqlPath.length + GRAPHIQL_FOLDER.length - 1);
  // Loaded on the first page request: `mockyard serve` starts without the studio's file server.
  const { sendStatic } = await import('../studio/static-files.js');
  if (await sendStatic(res, fromPackage('dist', 'graphiql'), file, SECURITY)) return;
  sendReply(res, errorReply(404, `No GraphiQL file '${file}'.`), SECURITY);
}
