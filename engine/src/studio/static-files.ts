import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { MEDIA_TYPES, safePath } from '../files/static-path.js';

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
      'Content-Type': MEDIA_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(body);
    return true;
  } catch {
    return false;
  }
}
