/**
 * The `request` a template sees: params, query (first values), queryAll, headers (lower-case names),
 * the body, method and path. Maps are objects without a prototype, so a query key such as
 * `constructor` is just a key.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { jsonDepthWithin, MAX_JSON_DEPTH } from '../../../shared/src/field-types.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import type { TemplateContext } from './render.js';

export interface RequestFacts {
  method: string;
  path: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams | undefined;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, its text when it is not JSON, or undefined when none was read. */
  body: unknown;
}

const bare = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

export function queryMaps(query: URLSearchParams | undefined): {
  first: Record<string, unknown>;
  all: Record<string, unknown>;
} {
  const first = bare();
  const all = bare();
  if (query) {
    for (const [key, value] of query) {
      const values = all[key] as string[] | undefined;
      if (values) values.push(value);
      else {
        all[key] = [value];
        first[key] = value;
      }
    }
  }
  return { first, all };
}

export function templateContext(facts: RequestFacts): TemplateContext {
  const { first, all } = queryMaps(facts.query);
  const headers = bare();
  for (const [name, value] of Object.entries(facts.headers)) headers[name] = value;
  return {
    request: {
      params: Object.assign(bare(), facts.params),
      query: first,
      queryAll: all,
      headers,
      body: facts.body,
      method: facts.method,
      path: facts.path,
    },
  };
}

/**
 * A request body as templates and rules see it: JSON when it parses, else its text; undefined when
 * empty. JSON nested deeper than a record can be (MAX_JSON_DEPTH inside an object) is a 400: the
 * template helpers and the XML writer recurse, and 100,000 levels would overflow the stack.
 */
export function bodyValue(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    if (err instanceof RangeError) throw tooDeep();
    return text;
  }
  // A body shorter than the limit cannot nest past it: the walk is for long bodies only.
  if (text.length > MAX_JSON_DEPTH && !jsonDepthWithin(value, MAX_JSON_DEPTH + 1)) throw tooDeep();
  return value;
}

const tooDeep = (): DomainError =>
  new DomainError('invalid', httpMessages.malformedJson(`nested more than ${MAX_JSON_DEPTH + 1} levels deep`));
