/** The path and query of a realtime request, cut from the target as sent. */

export interface RequestTarget {
  pathname: string;
  /** The query with its `?`, or empty. */
  search: string;
  searchParams: URLSearchParams;
}

/** The path and query of a request target, as sent (no URL parse: a malformed target must not throw). */
export function requestTarget(target = '/'): RequestTarget {
  const q = target.indexOf('?');
  const search = q === -1 ? '' : target.slice(q);
  return { pathname: q === -1 ? target : target.slice(0, q), search, searchParams: new URLSearchParams(search) };
}

/** A request header's first value. */
export const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
