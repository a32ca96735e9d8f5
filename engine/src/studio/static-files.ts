import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Resolves a URL path inside `root`, or undefined when it would escape it (`..`, encoded
 * separators, NUL bytes): the studio never serves a file outside its build folder.
 */
export function safePath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const base = resolve(root);
  const full = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  return full === base || full.startsWith(base + sep) ? full : undefined;
}

/** Sends a file of the renderer build; false when there is no such file. */
export async function sendStatic(
  res: ServerResponse,
  root: string,
  urlPath: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const file = safePath(root, urlPath);
  if (!file) return false;
  try {
    if (!(await stat(file)).isFile()) return false;
    const body = await readFile(file);
    const immutable = /\/assets\//.test(urlPath);
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(body);
    return true;
  } catch {
    return false;
  }
}
