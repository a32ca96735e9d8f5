import type { LogEntry } from './log-entry.js';

/** Headers curl sets itself or that would be wrong to replay verbatim. */
const SKIPPED = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'transfer-encoding', 'keep-alive']);

/**
 * Quotes one shell word for POSIX shells. Plain text goes in single quotes; text with control
 * characters (newlines, NUL, escape…) uses $'…' with escapes, so the command survives a paste.
 */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_\-./:=@%+,]+$/.test(value)) return value;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  if (!/[\u0000-\u001f\u007f]/.test(value)) return `'${value.replace(/'/g, `'\\''`)}'`;
  const escaped = [...value]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch === '\\') return '\\\\';
      if (ch === "'") return "\\'";
      if (ch === '\n') return '\\n';
      if (ch === '\r') return '\\r';
      if (ch === '\t') return '\\t';
      if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
      return ch;
    })
    .join('');
  return `$'${escaped}'`;
}

/** `curl …` that sends the logged request again, against `baseUrl` (the mock's URL). */
export function toCurl(
  entry: Pick<LogEntry, 'method' | 'path' | 'query' | 'requestHeaders' | 'requestBody'>,
  baseUrl: string,
): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${entry.path}${entry.query ? `?${entry.query}` : ''}`;
  const parts = ['curl'];
  if (entry.method !== 'GET' || entry.requestBody) parts.push('-X', entry.method);
  parts.push(shellQuote(url));
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    if (value === undefined || SKIPPED.has(name.toLowerCase())) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push('-H', shellQuote(`${name}: ${v}`));
  }
  if (entry.requestBody) parts.push('--data-binary', shellQuote(entry.requestBody));
  return parts.join(' ');
}
