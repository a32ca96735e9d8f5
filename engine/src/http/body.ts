import type { IncomingMessage } from 'node:http';
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import { HttpError } from './http-error.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Reads the whole body as text, refusing more than `limit` bytes (`too_large`: HTTP's 413, the connection closed). */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit)
    return Promise.reject(new DomainError('invalid', httpMessages.bodyTooLarge(limit), { detail: 'too_large' }));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new DomainError('invalid', httpMessages.bodyTooLarge(limit), { detail: 'too_large' }));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8')),
    );
    // The stream fails only when the client goes away mid-body ("aborted"): a client problem, not a crash.
    req.on('error', () =>
      reject(new DomainError('invalid', 'Request body was cut off: the client closed the connection.')),
    );
  });
}

/**
 * Parses a JSON request body; every failure is a 4xx with a message that says what to fix.
 * A JSON body sent with a non-JSON Content-Type (curl -d sends form encoding) is accepted.
 */
export function parseJsonBody(text: string, contentType: string | undefined): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    // Only a body that does not parse is looked at again (a blank one parses as nothing).
    if (text.trim() === '') throw new HttpError(400, httpMessages.emptyBody());
    const declaredJson = contentType === undefined || contentType === '' || JSON_TYPE.test(contentType);
    if (!declaredJson)
      throw new HttpError(415, httpMessages.unsupportedMediaType((contentType as string).split(';')[0] ?? ''));
    const detail =
      err instanceof RangeError ? 'nested too deeply' : (err as Error).message.replace(/^JSON\.parse: /, '');
    throw new HttpError(400, httpMessages.malformedJson(detail));
  }
}
