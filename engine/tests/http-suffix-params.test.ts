/**
 * A path parameter followed by a literal suffix in its segment (`/accounts/:sid.json`, as Twilio's
 * API has): the router matches the suffix, the parameter holds the text before it, a route without
 * the suffix is another route, and the export writes it back as `{sid}.json`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { exportConfig } from '../src/openapi/export-config.js';
import { serve, yaml } from './helpers.js';

const CONFIG = yaml`
  schemas:
    Account:
      properties:
        sid: { type: string, required: true, unique: true }
        name: string
  endpoints:
    - path: /accounts/:sid.json
      method: GET
      response: { schema: Account }
    - path: /accounts/:sid
      method: GET
      response: { inline: { plain: "{{request.params.sid}}" } }
    - path: /files/:name.tar.gz
      method: GET
      response: { inline: { name: "{{request.params.name}}" } }
  seed:
    Account:
      - { sid: AC1, name: First }
`;

test('a parameter with a literal suffix matches only with that suffix, and holds the text before it', async () => {
  const s = await serve(CONFIG);
  try {
    const account = await s.call('/accounts/AC1.json');
    assert.equal(account.status, 200);
    assert.deepEqual(await account.json(), { sid: 'AC1', name: 'First' });
    assert.equal((await s.call('/accounts/AC2.json')).status, 404, 'looked up by AC2, not AC2.json');
    assert.deepEqual(await (await s.call('/accounts/AC1')).json(), { plain: 'AC1' }, 'the route without the suffix');
    assert.deepEqual(await (await s.call('/accounts/AC1.xml')).json(), { plain: 'AC1.xml' });
    assert.deepEqual(await (await s.call('/files/backup.tar.gz')).json(), { name: 'backup' });
    assert.equal((await s.call('/files/backup.zip')).status, 404);
  } finally {
    await s.close();
  }
});

test('the config takes a suffix after a parameter, refuses other text beside one, and the export keeps the suffix', () => {
  const { problems } = validateConfig(CONFIG);
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error'),
    [],
  );
  for (const path of ['/a/:x-:y', '/a/:x.json:y', '/a/x:y', '/a/:x.']) {
    const bad = validateConfig(yaml`
      endpoints:
        - path: ${path}
          method: GET
          response: { inline: {} }
    `);
    assert.ok(
      bad.problems.some((p) => p.severity === 'error' && /mixes text and a parameter|needs a name/.test(p.message)),
      `${path}: ${bad.problems.map((p) => p.message).join('; ')}`,
    );
  }
  const exported = exportConfig(CONFIG, '/tmp/api.yaml', 'json');
  assert.ok(exported.ok);
  const paths = (exported.document as { paths: Record<string, { get: { parameters: { name: string }[] } }> }).paths;
  assert.deepEqual(Object.keys(paths), ['/accounts/{sid}.json', '/accounts/{sid}', '/files/{name}.tar.gz']);
  assert.deepEqual(
    paths['/accounts/{sid}.json']?.get.parameters.map((p) => p.name),
    ['sid'],
  );
});
