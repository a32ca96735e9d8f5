import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve, yaml } from './helpers.js';
import { errorOf } from './http-fixtures.js';

const TAGS = (server = ''): string => yaml`
  schemas:
    Tag:
      properties:
        id: integer
        label: string
        on: boolean
        extra: json
  endpoints:
    - resource: Tag
    - path: /health
      method: GET
      response:
        inline: { status: ok, list: [1, 2] }
  ${server}
`;

const XML = { accept: 'application/xml' };
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

async function tags(server = ''): ReturnType<typeof serve> {
  const s = await serve(TAGS(server));
  await s.send('POST', '/tags', { label: 'a<b & "c"', on: true, extra: { k: [1, { z: null }] } });
  await s.send('POST', '/tags', { label: 'two', on: false });
  return s;
}

// --- content negotiation ----------------------------------------------------

test('JSON is the default when the client sends no Accept header', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags/2', { headers: {} });
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await res.json(), { id: 2, label: 'two', on: false, extra: null });
  } finally {
    await s.close();
  }
});

test('Accept: */* gets JSON', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags/2', { headers: { accept: '*/*' } });
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  } finally {
    await s.close();
  }
});

test('Accept: application/xml gets the record as XML, with text escaped', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags/1', { headers: XML });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/xml; charset=utf-8');
    const body = await res.text();
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(body)));
    assert.equal(
      body,
      `${XML_HEAD}<tag>\n  <id>1</id>\n  <label>a&lt;b &amp; &quot;c&quot;</label>\n  <on>true</on>\n  <extra>\n    <k>\n      <item>1</item>\n      <item>\n        <z/>\n      </item>\n    </k>\n  </extra>\n</tag>\n`,
    );
  } finally {
    await s.close();
  }
});

test('Accept: text/xml gets XML labelled text/xml', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags/2', { headers: { accept: 'text/xml' } });
    assert.equal(res.headers.get('content-type'), 'text/xml; charset=utf-8');
    assert.equal(
      await res.text(),
      `${XML_HEAD}<tag>\n  <id>2</id>\n  <label>two</label>\n  <on>false</on>\n  <extra/>\n</tag>\n`,
    );
  } finally {
    await s.close();
  }
});

test('a list in XML is the table element holding one element per record', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags?on=false', { headers: XML });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-total-count'), '1');
    assert.equal(
      await res.text(),
      `${XML_HEAD}<tags>\n  <tag>\n    <id>2</id>\n    <label>two</label>\n    <on>false</on>\n    <extra/>\n  </tag>\n</tags>\n`,
    );
  } finally {
    await s.close();
  }
});

test('an empty list in XML is an empty table element', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags?label=none', { headers: XML });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /^<\?xml [^>]+\?>\n<tags(\/>|><\/tags>)\n?$/);
  } finally {
    await s.close();
  }
});

test('a create asked for XML answers the created record as XML with Location', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags', {
      method: 'POST',
      headers: { ...XML, 'content-type': 'application/json' },
      body: '{"label":"p"}',
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), '/tags/3');
    assert.equal(await res.text(), `${XML_HEAD}<tag>\n  <id>3</id>\n  <label>p</label>\n  <on/>\n  <extra/>\n</tag>\n`);
  } finally {
    await s.close();
  }
});

test('a static endpoint in XML wraps its JSON in a response element', async () => {
  const s = await tags();
  try {
    const res = await s.call('/health', { headers: XML });
    assert.equal(
      await res.text(),
      `${XML_HEAD}<response>\n  <status>ok</status>\n  <list>\n    <item>1</item>\n    <item>2</item>\n  </list>\n</response>\n`,
    );
  } finally {
    await s.close();
  }
});

test('json keys that are not XML names become safe element names, and a __proto__ key is kept', async () => {
  const s = await tags();
  try {
    await s.send('PATCH', '/tags/2', {
      extra: JSON.parse('{"1a":1,"a b":2,"xmlish":3,"__proto__":{"x":4}}') as unknown,
    });
    const res = await s.call('/tags/2', { headers: XML });
    const body = await res.text();
    assert.match(body, /<_1a>1<\/_1a>/);
    assert.match(body, /<a_b>2<\/a_b>/);
    assert.match(body, /<_xmlish>3<\/_xmlish>/);
    assert.match(body, /<__proto__>\s*<x>4<\/x>\s*<\/__proto__>/);
  } finally {
    await s.close();
  }
});

test('the Accept quality values decide: XML preferred over JSON gets XML', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags/2', { headers: { accept: 'application/json;q=0.5, application/xml' } });
    assert.equal(res.headers.get('content-type'), 'application/xml; charset=utf-8');
  } finally {
    await s.close();
  }
});

test('a browser-style Accept with a */* fallback gets JSON', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags/2', { headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  } finally {
    await s.close();
  }
});

test('an Accept allowing neither JSON nor XML answers 406', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags/1', { headers: { accept: 'text/html' } });
    assert.equal(res.status, 406);
    assert.equal(await errorOf(res), 'Not acceptable: this endpoint answers application/json or application/xml.');
  } finally {
    await s.close();
  }
});

test('an Accept that rules JSON out with q=0 answers 406', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags', { headers: { accept: 'application/json;q=0' } });
    assert.equal(res.status, 406);
  } finally {
    await s.close();
  }
});

test('a 406 does not run the handler: a POST refused by Accept creates nothing', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags', {
      method: 'POST',
      headers: { accept: 'image/png', 'content-type': 'application/json' },
      body: '{"label":"x"}',
    });
    assert.equal(res.status, 406);
    assert.equal((await s.call('/tags')).headers.get('x-total-count'), '2');
  } finally {
    await s.close();
  }
});

test('errors stay JSON even when XML was asked for', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags/99', { headers: XML });
    assert.equal(res.status, 404);
    assert.equal(await errorOf(res), 'Not found');
  } finally {
    await s.close();
  }
});

// --- CORS -------------------------------------------------------------------

test('CORS is off by default: no Access-Control-Allow-Origin header', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags', { headers: { origin: 'http://app.test' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  } finally {
    await s.close();
  }
});

test('with CORS off a preflight gets no CORS allow headers', async () => {
  const s = await tags();
  try {
    const res = await s.call('/tags', {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    assert.equal(res.headers.get('access-control-allow-methods'), null);
  } finally {
    await s.close();
  }
});

test('server.cors: true sets Access-Control-Allow-Origin: * and exposes the paging headers', async () => {
  const s = await tags('server: { cors: true }');
  try {
    const res = await s.call('/tags', { headers: { origin: 'http://app.test' } });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-expose-headers'), 'X-Total-Count, Link, Location, Content-Range');
  } finally {
    await s.close();
  }
});

test('server.cors: true answers a preflight with 204 and the allowed methods and headers', async () => {
  const s = await tags('server: { cors: true }');
  try {
    const res = await s.call('/tags/1', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type, x-custom',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(await res.text(), '');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-methods'), 'GET, PATCH, PUT, DELETE, HEAD, OPTIONS');
    assert.equal(res.headers.get('access-control-allow-headers'), 'content-type, x-custom');
    assert.equal(res.headers.get('access-control-max-age'), '600');
  } finally {
    await s.close();
  }
});

test('a preflight does not create anything', async () => {
  const s = await tags('server: { cors: true }');
  try {
    await s.call('/tags', {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    });
    assert.equal((await s.call('/tags')).headers.get('x-total-count'), '2');
  } finally {
    await s.close();
  }
});

test('with CORS on, error responses carry Access-Control-Allow-Origin too', async () => {
  const s = await tags('server: { cors: true }');
  try {
    const res = await s.send('POST', '/tags', '{oops');
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  } finally {
    await s.close();
  }
});

test('a CORS origin list allows only the listed origins and echoes them with credentials', async () => {
  const s = await tags(`server: { cors: { origin: ['http://a.test'], credentials: true } }`);
  try {
    const allowed = await s.call('/tags', { headers: { origin: 'http://a.test' } });
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://a.test');
    assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true');
    assert.equal(allowed.headers.get('vary'), 'Origin');
    const other = await s.call('/tags', { headers: { origin: 'http://evil.test' } });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  } finally {
    await s.close();
  }
});

// --- latency ----------------------------------------------------------------

test('server.latency in ms delays every response by at least that long', async () => {
  const s = await tags('server: { latency: 150 }');
  try {
    const start = performance.now();
    const res = await s.call('/tags/1');
    const elapsed = performance.now() - start;
    assert.equal(res.status, 200);
    assert.ok(elapsed >= 140, `answered after ${elapsed.toFixed(0)} ms`);
    assert.ok(elapsed < 5000, `answered after ${elapsed.toFixed(0)} ms`);
    assert.deepEqual(s.engine.log.entries().at(-1)?.notes, ['latency 150 ms added']);
  } finally {
    await s.close();
  }
});

test('server.latency delays error responses too', async () => {
  const s = await tags('server: { latency: 120 }');
  try {
    const start = performance.now();
    const res = await s.call('/nowhere');
    assert.equal(res.status, 404);
    assert.ok(performance.now() - start >= 110);
  } finally {
    await s.close();
  }
});

test('server.latency { min, max } delays each response by a time in that range', async () => {
  const s = await tags('server: { latency: { min: 60, max: 90 } }');
  try {
    for (let i = 0; i < 4; i++) {
      const start = performance.now();
      assert.equal((await s.call('/health')).status, 200);
      const elapsed = performance.now() - start;
      assert.ok(elapsed >= 55 && elapsed < 5000, `answered after ${elapsed.toFixed(0)} ms`);
      const note = s.engine.log.entries().at(-1)?.notes.at(-1) ?? '';
      const added = Number(/^latency (\d+) ms added$/.exec(note)?.[1]);
      assert.ok(added >= 60 && added <= 90, note);
    }
  } finally {
    await s.close();
  }
});

test('without server.latency responses are not delayed', async () => {
  const s = await tags();
  try {
    await s.call('/health');
    const start = performance.now();
    await s.call('/health');
    assert.ok(performance.now() - start < 1000);
    assert.deepEqual(s.engine.log.entries().at(-1)?.notes, []);
  } finally {
    await s.close();
  }
});
