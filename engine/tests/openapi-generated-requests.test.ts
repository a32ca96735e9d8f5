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
import { fromPackage } from '../src/package-root.js';
import { exportConfig } from '../src/openapi/export-config.js';
import { serve } from './helpers.js';
import { documentValidator, operationsOf, requestOf, undocumented } from './openapi-requests.js';

const CASES: { file: string; skip?: string[]; keys: Record<string, unknown[]> }[] = [
  { file: 'blog.yaml', keys: { id: [1, 2], slug: ['hello-world'], authorId: [1, 2] } },
  {
    file: 'dynamic.yaml',
    // Latency of 0.2-2 s, and a connection dropped on purpose: neither is an answer to check.
    skip: ['GET /slow', 'GET /unstable'],
    keys: { id: [1] },
  },
  { file: 'spec-shapes.yaml', keys: { id: [1], guid: ['g-1'], slug: ['a'] } },
];

for (const { file, skip, keys } of CASES)
  test(`every answer to requests generated from the export of examples/${file} is documented`, {
    timeout: 180_000,
  }, async () => {
    const config = readFileSync(fromPackage('examples', file), 'utf8');
    const served = await serve(config);
    try {
      const exported = exportConfig(config, served.configPath, 'json');
      assert.ok(exported.ok);
      const doc = exported.document as Record<string, unknown>;
      const check = documentValidator(doc);
      const operations = operationsOf(doc, new Set(skip));
      const failures: string[] = [];
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          requestOf(doc, served.url, operations, (name) => keys[name] ?? []),
          async (request) => {
            sent++;
            const response = await fetch(request.url, {
              method: request.method,
              headers: request.headers,
              signal: AbortSignal.timeout(10_000),
              ...(request.body !== undefined ? { body: request.body } : {}),
            });
            const problem = await undocumented(doc, check, request, response);
            if (problem) failures.push(`${request.method} ${request.url.slice(served.url.length)}: ${problem}`);
            // Every request is sent and every undocumented answer listed (not only the first).
            return true;
          },
        ),
        { seed: 36, numRuns: 200 },
      );
      assert.deepEqual(failures, [], `${failures.length} of ${sent} answers undocumented`);
      assert.ok(sent >= 200);
    } finally {
      await served.close();
    }
  });
