/**
 * `mockyard import`: an OpenAPI 3.0/3.1 or Swagger 2.0 description (a file or a URL, YAML or JSON,
 * `$ref`s across files) → the text of a Mockyard config that passes validation, and a summary.
 *
 * The description is read, dereferenced and validated by @apidevtools/swagger-parser. The config is
 * checked with the engine's own validator before it is returned; an endpoint the engine refuses is
 * left out and reported, so the text returned always validates.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { guardedHttpResolver, type RefPolicy } from './ref-fetch.js';
import { stringify } from 'yaml';
import { validateConfig } from '../config/validate.js';
import { type Converted, convert, type Rename, type Skipped } from './convert.js';
import { hideExampleRefs, restoreExampleRefs } from './example-refs.js';
import { fitToLimit } from './import-size.js';
import { isObj, type Obj } from './schema-walk.js';

export interface ImportSummary {
  schemas: number;
  schemaEndpoints: number;
  staticEndpoints: number;
}

export interface ImportResult {
  /** The config's YAML text. */
  text: string;
  summary: ImportSummary;
  renames: Rename[];
  skipped: Skipped[];
  /** The description's title and version, for the config's header comment. */
  title: string;
}

/** A description that cannot be imported; the message is one line. */
export class ImportError extends Error {}

const oneLine = (text: string): string =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)[0] ?? text;

export interface LoadOptions {
  /** Let the description's `$ref`s reach private, loopback and link-local addresses. */
  allowPrivateRefs?: boolean;
}

/** Reads, dereferences and validates a description. Rejects with an ImportError of one line. */
export async function loadDescription(source: string, options: LoadOptions = {}): Promise<Obj> {
  const isUrl = /^https?:\/\//i.test(source);
  if (isUrl) await reachable(source);
  // The URL the user names (often a local dev server) is read; the description's own `$ref`s reach
  // its files, that URL's origin and public addresses, never private ones unless allowed.
  const policy: RefPolicy = { ...(isUrl ? { source } : {}), allowPrivate: options.allowPrivateRefs === true };
  const http = guardedHttpResolver(policy);
  let api: unknown;
  try {
    // Read and parsed first, so the `$ref`s inside example data can be hidden from the resolver.
    const own = await SwaggerParser.parse(source, {
      resolve: { http: false, guardedHttp: http },
    } as unknown as SwaggerParser.Options);
    hideExampleRefs(own);
    api = await SwaggerParser.validate(source, own, {
      resolve: { http: false, guardedHttp: http },
      dereference: { circular: true },
    } as unknown as SwaggerParser.Options);
  } catch (err) {
    if (policy.refused) throw new ImportError(policy.refused);
    throw new ImportError(describeLoadError(source, err));
  }
  if (!isObj(api)) throw new ImportError(`${source} is not an OpenAPI description`);
  restoreExampleRefs(api);
  return api;
}

/** A URL that does not answer, or answers with an error, says so (the parser's message would not). */
async function reachable(url: string): Promise<void> {
  let status: number;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    status = res.status;
    await res.body?.cancel();
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (err as Error).name === 'TimeoutError'
        ? 'no answer within 10 s'
        : (cause?.code ?? cause?.message ?? (err as Error).message);
    throw new ImportError(`cannot read ${url}: ${why}`);
  }
  if (status >= 400) throw new ImportError(`cannot read ${url}: HTTP ${status}`);
}

function describeLoadError(source: string, err: unknown): string {
  const error = err as Error & { code?: string; name?: string };
  const message = oneLine(String(error?.message ?? err));
  if (
    /is not a valid (Openapi|Swagger) API definition|Unsupported OpenAPI version|not a valid OpenAPI|Unsupported Swagger version/i.test(
      message,
    ) &&
    !/\[/.test(message)
  )
    return `${source} is not an OpenAPI or Swagger description (${message})`;
  if (error?.name === 'MissingPointerError' || /Missing \$ref pointer|Error resolving \$ref/i.test(message))
    return `broken $ref in ${source}: ${message}`;
  if (error?.name === 'ResolverError' || /ENOENT|ECONNREFUSED|timed out|Error downloading|getaddrinfo/i.test(message))
    return `cannot read ${source}: ${message}`;
  if (error?.name === 'ParserError' || error?.name === 'SyntaxError') return `cannot parse ${source}: ${message}`;
  return `${source} is not a valid OpenAPI description: ${message}`;
}

/** Converts a loaded description; endpoints and schemas the engine refuses are dropped and reported. */
export function importDescription(api: Obj, source: string): ImportResult {
  const converted = convert(api);
  const info = isObj(api.info) ? api.info : {};
  const title = `${String(info.title ?? 'API')} ${String(info.version ?? '')}`.trim();
  const header = `# Imported from ${source} (${title}) by mockyard import.\n`;
  const render = (): string => header + stringify(converted.config, { lineWidth: 0 });
  for (let round = 0; round < 20; round++) {
    const fitted = fitToLimit(converted, render, converted.skipped);
    if ('tooLarge' in fitted) throw new ImportError(`the config made from ${source} ${fitted.tooLarge}`);
    const { text } = fitted;
    const { problems } = validateConfig(text);
    const errors = problems.filter((p) => p.severity === 'error');
    if (errors.length === 0) return result(text, converted, title);
    if (!prune(converted, errors)) {
      const first = errors[0];
      throw new ImportError(`the config made from ${source} does not validate: ${first?.message}`);
    }
  }
  throw new ImportError(`the config made from ${source} does not validate`);
}

/** Drops what each error points at: an endpoint, or a schema (with its endpoints and seed). */
function prune(converted: Converted, errors: { path: (string | number)[]; message: string }[]): boolean {
  const { config, origins, skipped } = converted;
  const endpoints = new Set<number>();
  const schemas = new Set<string>();
  for (const error of errors) {
    const [section, at] = error.path;
    if (section === 'endpoints' && typeof at === 'number') endpoints.add(at);
    else if ((section === 'schemas' || section === 'seed') && typeof at === 'string') {
      if (section === 'seed') {
        delete config.seed[at];
        skipped.push({ pointer: `seed of ${at}`, reason: error.message });
      } else schemas.add(at);
    }
  }
  if (endpoints.size === 0 && schemas.size === 0) return errors.every((e) => e.path[0] === 'seed');
  for (const name of schemas) {
    delete config.schemas[name];
    delete config.seed[name];
    for (const [i, e] of config.endpoints.entries()) if (e.response.schema === name) endpoints.add(i);
  }
  for (const i of [...endpoints].sort((a, b) => b - a)) {
    const why =
      errors.find((e) => e.path[0] === 'endpoints' && e.path[1] === i)?.message ?? 'its schema was not carried over';
    skipped.push({ pointer: origins[i] ?? `endpoint ${i}`, reason: why });
    config.endpoints.splice(i, 1);
    origins.splice(i, 1);
  }
  return true;
}

function result(text: string, converted: Converted, title: string): ImportResult {
  const { config, renames, skipped } = converted;
  const schemaEndpoints = config.endpoints.filter((e) => e.response.schema !== undefined).length;
  return {
    text,
    title,
    renames,
    skipped,
    summary: {
      schemas: Object.keys(config.schemas).length,
      schemaEndpoints,
      staticEndpoints: config.endpoints.length - schemaEndpoints,
    },
  };
}

/** Loads and converts in one step. */
export async function importOpenApi(
  source: string,
  shownAs = source,
  options: LoadOptions = {},
): Promise<ImportResult> {
  return importDescription(await loadDescription(source, options), shownAs);
}
