/**
 * Requests generated from each example config's exported description (fast-check, fixed seeds),
 * sent to the mock: every answer must be documented by its operation (status, media type, body
 * schema). This is what Schemathesis checks; the bodies are judged by ajv against the
 * description's own schemas.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { fromPackage } from '../src/package-root.js';
import { exportConfig } from '../src/openapi/export-config.js';
import { serve } from './helpers.js';
import { documentValidator, operationsOf, requestOf, undocumented } from './openapi-requests.js';

/** Each config is served with this body limit (bytes), so a body past it stays small. */
const BODY_LIMIT = 4096;

/** Requests per config. */
const RUNS = 200;

const CASES: { file: string; skip?: string[]; keys: Record<string, unknown[]>; answered: string[] }[] = [
  {
    file: 'blog.yaml',
    keys: { id: [1, 2], slug: ['hello-world'], authorId: [1, 2] },
    // What the run must have met (and found documented): HEAD, a body past the limit, a text body.
    answered: ['HEAD', '413', '415'],
  },
  {
    file: 'dynamic.yaml',
    // Latency of 0.2-2 s, and a connection dropped on purpose: neither is an answer to check.
    skip: ['GET /slow', 'GET /unstable', 'HEAD /slow', 'HEAD /unstable'],
    keys: { id: [1] },
    // `/echo/{id}` and `/login` read the body for their templates and rules.
    answered: ['HEAD', '413'],
  },
  {
    file: 'spec-shapes.yaml',
    keys: { id: [1], guid: ['g-1'], slug: ['a'] },
    answered: ['HEAD', '413', '415'],
  },
];

/** Every method and status met by the runs above, for the last test. */
const everSeen = new Set<string>();

/** The example config with `server.bodyLimit` set to BODY_LIMIT. */
function withBodyLimit(text: string): string {
  const doc = parseDocument(text);
  doc.setIn(['server', 'bodyLimit'], BODY_LIMIT);
  return doc.toString();
}

for (const { file, skip, keys, answered } of CASES)
  test(`every answer to requests generated from the export of examples/${file} is documented`, {
    timeout: 180_000,
  }, async () => {
    const config = withBodyLimit(readFileSync(fromPackage('examples', file), 'utf8'));
    const served = await serve(config);
    try {
      const exported = exportConfig(config, served.configPath, 'json');
      assert.ok(exported.ok);
      const doc = exported.document as Record<string, unknown>;
      const check = documentValidator(doc);
      const operations = operationsOf(doc, new Set(skip));
      const failures: string[] = [];
      const seen = new Set<string>();
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          requestOf(doc, served.url, operations, (name) => keys[name] ?? [], BODY_LIMIT),
          async (request) => {
            sent++;
            const response = await fetch(request.url, {
              method: request.method,
              headers: request.headers,
              signal: AbortSignal.timeout(10_000),
              ...(request.body !== undefined ? { body: request.body } : {}),
            });
            seen.add(request.method).add(String(response.status));
            const problem = await undocumented(doc, check, request, response);
            if (problem) failures.push(`${request.method} ${request.url.slice(served.url.length)}: ${problem}`);
            // Every request is sent and every undocumented answer listed (not only the first).
            return true;
          },
        ),
        { seed: 36, numRuns: RUNS },
      );
      assert.deepEqual(failures, [], `${failures.length} of ${sent} answers undocumented`);
      assert.ok(sent >= RUNS);
      for (const s of seen) everSeen.add(s);
      const missing = answered.filter((a) => !seen.has(a));
      assert.deepEqual(missing, [], `never answered: ${missing.join(', ')} (seen: ${[...seen].sort().join(', ')})`);
    } finally {
      await served.close();
    }
  });

test('the runs above met a 507: a create after a client took the last id below 2^53 − 1', () => {
  assert.ok(everSeen.has('507'), `seen: ${[...everSeen].sort().join(', ')}`);
});
