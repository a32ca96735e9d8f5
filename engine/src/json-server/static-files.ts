/**
 * `--static DIR`: text files (HTML, scripts, styles, JSON, SVG, plain text) under one directory, for GET
 * paths no endpoint has; nothing outside it is ever read.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import type { Reply } from '../http/reply.js';

/** The largest file served, in bytes: a static file is read whole. */
export const MAX_STATIC_BYTES = 16 * 1024 * 1024;

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file at `path` under `dir` (`/` is index.html), or undefined when there is none to serve. */
export async function staticFile(dir: string, path: string): Promise<Reply | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\u0000')) return undefined;
  const wanted = join(dir, decoded.endsWith('/') ? `${decoded}index.html` : decoded);
  try {
    // realpath: a link inside the directory that points out of it is not followed out.
    const [root, file] = await Promise.all([realpath(dir), realpath(wanted)]);
    if (!file.startsWith(root + sep)) return undefined;
    const info = await stat(file);
    if (!info.isFile() || info.size > MAX_STATIC_BYTES) return undefined;
    const contentType = TYPES[extname(file).toLowerCase()];
    if (!contentType) return undefined;
    return { status: 200, json: await readFile(file, 'utf8'), contentType };
  } catch {
    return undefined;
  }
}
