import Negotiator from 'negotiator';

export type Format = 'json' | 'xml';
const OFFERED = ['application/json', 'application/xml', 'text/xml'];

/** Picks JSON or XML from the Accept header; undefined when the client accepts neither (406). */
export function negotiate(accept: string | undefined): Format | undefined {
  // Nearly every client sends one of these; skip parsing for them.
  if (accept === undefined || accept === '*/*' || accept === 'application/json' || accept === '') return 'json';
  const type = new Negotiator({ headers: { accept } }).mediaType(OFFERED);
  if (type === undefined) return undefined;
  return type === 'application/json' ? 'json' : 'xml';
}

export const contentType = (format: Format, accept: string | undefined): string =>
  format === 'json'
    ? 'application/json; charset=utf-8'
    : accept?.includes('text/xml') && !accept.includes('application/xml')
      ? 'text/xml; charset=utf-8'
      : 'application/xml; charset=utf-8';
