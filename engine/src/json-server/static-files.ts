/**
 * `--static DIR`: text files (HTML, scripts, styles, JSON, SVG, plain text) under one directory, for GET
 * paths no endpoint has; nothing outside it is ever read.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, sep } from 'node:path';
import { MEDIA_TYPES, safePath } from '../files/static-path.js';
import type { Reply } from '../http/reply.js';

/** The largest file served, in bytes: a static file is read whole. */
export const MAX_STATIC_BYTES = 16 * 1024 * 1024;

/** The text files served: a static file is read and answered as text. */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);

/** The file at `path` under `dir` (`/` is index.html), or undefined when there is none to serve. */
export async function staticFile(dir: string, path: string): Promise<Reply | undefined> {
  const wanted = safePath(dir, path.endsWith('/') ? `${path}index.html` : path);
  if (wanted === undefined) return undefined;
  try {
    // realpath: a link inside the directory that points out of it is not followed out.
    const [root, file] = await Promise.all([realpath(dir), realpath(wanted)]);
    if (!file.startsWith(root + sep)) return undefined;
    const info = await stat(file);
    if (!info.isFile() || info.size > MAX_STATIC_BYTES) return undefined;
    const ext = extname(file).toLowerCase();
    const contentType = MEDIA_TYPES[ext];
    if (!TEXT.has(ext) || !contentType) return undefined;
    return { status: 200, json: await readFile(file, 'utf8'), contentType };
  } catch {
    return undefined;
  }
}
