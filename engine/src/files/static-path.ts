import { resolve, sep } from 'node:path';

/** Content types of the files Mockyard serves from a folder (the studio's build, GraphiQL, `--static`). */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Resolves a URL path inside `root`, or undefined when it would escape it (`..`, encoded
 * separators, NUL bytes): nothing outside the folder is ever served.
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
