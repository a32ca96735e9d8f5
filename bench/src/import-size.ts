/**
 * The import of a large description: a made-up OpenAPI 3.0 document of about 10 MB (schemas of
 * 30 properties each, and the five operations of each schema's collection and item paths, each
 * with a page of Markdown, where large public descriptions spend most of their bytes), imported in
 * a fresh process: wall time, and peak memory as the process's maxRSS (`process.resourceUsage()`).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TYPES = ['string', 'integer', 'number', 'boolean'];
const PAGE = `${'Returns the resource, with the fields the caller may see. See the guide for pagination, errors and rate limits. '.repeat(12)}`;

/** A description of at least `bytes` bytes of JSON. */
export function largeDescription(bytes: number): string {
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, unknown> = {};
  const api = { openapi: '3.0.3', info: { title: 'Large', version: '1.0.0' }, paths, components: { schemas } };
  let size = 0;
  for (let n = 0; size < bytes; n++) {
    const name = `resource${n}`;
    const properties: Record<string, unknown> = { id: { type: 'integer', readOnly: true } };
    for (let p = 0; p < 30; p++) {
      const type = TYPES[p % TYPES.length];
      properties[`field_${p}`] = { type, ...(type === 'string' ? { maxLength: 200 } : {}) };
    }
    schemas[name] = { type: 'object', required: ['id', 'field_0'], properties };
    const ref = { $ref: `#/components/schemas/${name}` };
    const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
    const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }];
    paths[`/${name}s`] = {
      get: {
        summary: `List ${name}`,
        responses: { '200': { description: 'ok', ...json({ type: 'array', items: ref }) } },
      },
      post: {
        description: PAGE,
        requestBody: json(ref),
        responses: { '201': { description: 'created', ...json(ref) } },
      },
    };
    paths[`/${name}s/{id}`] = {
      get: {
        description: PAGE,
        parameters: id,
        responses: { '200': { description: 'ok', ...json(ref) }, '404': { description: 'no' } },
      },
      patch: {
        description: PAGE,
        parameters: id,
        requestBody: json(ref),
        responses: { '200': { description: 'ok', ...json(ref) } },
      },
      delete: { description: PAGE, parameters: id, responses: { '204': { description: 'gone' } } },
    };
    if (n % 50 === 0) size = JSON.stringify(api).length;
  }
  return JSON.stringify(api);
}

/** Imports a description of about `bytes` bytes in a fresh process: its size, the time taken and the peak RSS. */
export function benchImport(
  root: string,
  dir: string,
  bytes = 10 * 1024 * 1024,
): { mib: number; ms: number; rssMiB: number; endpoints: number } {
  const text = largeDescription(bytes);
  const file = join(dir, 'large-openapi.json');
  writeFileSync(file, text);
  const script = `
    const { importOpenApi } = await import(${JSON.stringify(join(root, 'dist/engine/src/openapi/import.js'))});
    const start = performance.now();
    const result = await importOpenApi(${JSON.stringify(file)});
    const ms = performance.now() - start;
    const s = result.summary;
    console.log(JSON.stringify({ ms, rss: process.resourceUsage().maxRSS, endpoints: s.schemaEndpoints + s.staticEndpoints }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (run.status !== 0) throw new Error(`import of the large description failed: ${run.stderr}`);
  const out = JSON.parse(run.stdout.trim().split('\n').pop() as string) as {
    ms: number;
    rss: number;
    endpoints: number;
  };
  return { mib: text.length / 1024 / 1024, ms: out.ms, rssMiB: out.rss / 1024, endpoints: out.endpoints };
}
