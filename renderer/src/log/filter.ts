import type { LogEntry } from '../../../shared/src/log-entry';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * The Log tab's filter: words separated by spaces, all of which must match. A method (`post`),
 * a status class (`4xx`) or status (`404`), `endpoint:/users` (matched endpoint contains), or any
 * other text, found in the path and query. `status:` and `method:` prefixes are accepted too
 * (`status:500`, `status:5xx`, `method:post`), as people type them.
 */
export function logFilter(text: string): (entry: LogEntry) => boolean {
  const tests = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((typed): ((e: LogEntry) => boolean) => {
      const word = typed.replace(/^(status|method):(?=.)/i, '');
      const upper = word.toUpperCase();
      if (METHODS.has(upper)) return (e) => e.method === upper;
      const statusClass = /^([1-5])xx$/i.exec(word);
      if (statusClass) return (e) => Math.floor(e.status / 100) === Number(statusClass[1]);
      if (/^[1-5]\d\d$/.test(word)) return (e) => e.status === Number(word);
      if (word.startsWith('endpoint:')) {
        const needle = word.slice('endpoint:'.length).toLowerCase();
        return (e) => (needle === 'none' ? e.endpoint === null : (e.endpoint ?? '').toLowerCase().includes(needle));
      }
      const needle = word.toLowerCase();
      return (e) => `${e.path}?${e.query}`.toLowerCase().includes(needle);
    });
  return (entry) => tests.every((t) => t(entry));
}
