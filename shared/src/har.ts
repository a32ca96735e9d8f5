import type { LogEntry } from './log-entry.js';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what browsers' devtools import. */
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

interface NameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

const pairs = (headers: Record<string, string | number | string[] | undefined>): NameValue[] =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: String(v) })),
  );

/** UTF-8 size of a string (shared/ has neither TextEncoder's nor Buffer's types: it runs everywhere). */
function byteLength(text: string): number {
  let size = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) size += 1;
    else if (code < 0x800) size += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      size += 4;
      i++;
    } else size += 3;
  }
  return size;
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** `a=1&b=x+y` as HAR's name/value pairs, decoded as a form would be. */
const queryPairs = (query: string): NameValue[] =>
  query
    ? query
        .split('&')
        .filter(Boolean)
        .map((part) => {
          const eq = part.indexOf('=');
          return eq === -1
            ? { name: decode(part), value: '' }
            : { name: decode(part.slice(0, eq)), value: decode(part.slice(eq + 1)) };
        })
    : [];

const header = (headers: Record<string, unknown>, name: string): string | undefined => {
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name);
  return found ? String(found[1]) : undefined;
};

/** The log as a HAR 1.2 document; `baseUrl` makes the request URLs absolute. */
export function toHar(entries: readonly LogEntry[], baseUrl: string, version: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Mockyard', version },
      entries: entries.map((e) => {
        const requestType = header(e.requestHeaders, 'content-type') ?? 'application/octet-stream';
        const responseType = header(e.responseHeaders, 'content-type') ?? '';
        const entry: HarEntry = {
          startedDateTime: new Date(e.time).toISOString(),
          time: e.duration,
          request: {
            method: e.method,
            url: `${baseUrl.replace(/\/+$/, '')}${e.path}${e.query ? `?${e.query}` : ''}`,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(e.requestHeaders),
            queryString: queryPairs(e.query),
            headersSize: -1,
            bodySize: e.requestBody ? byteLength(e.requestBody) : 0,
          },
          response: {
            status: e.status,
            statusText: STATUS_TEXT[e.status] ?? '',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: pairs(e.responseHeaders),
            content: { size: byteLength(e.responseBody), mimeType: responseType, text: e.responseBody },
            redirectURL: header(e.responseHeaders, 'location') ?? '',
            headersSize: -1,
            bodySize: byteLength(e.responseBody),
          },
          cache: {},
          timings: { send: 0, wait: e.duration, receive: 0 },
        };
        if (e.requestBody) entry.request.postData = { mimeType: requestType, text: e.requestBody };
        if (e.notes.length) entry.comment = e.notes.join('; ');
        return entry;
      }),
    },
  };
}

/** One JSON object per line, oldest first. */
export const toJsonLines = (entries: readonly LogEntry[]): string =>
  entries.map((e) => JSON.stringify(e)).join('\n') + (entries.length ? '\n' : '');
