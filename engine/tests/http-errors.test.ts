import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { serve, USERS_CONFIG, yaml, type Served, sqliteOnly } from './helpers.js';
import { assertIntact, BLOG_CONFIG, createAll, dbOf, errorOf, rowCount } from './http-fixtures.js';

/** Serves USERS_CONFIG with two users, runs the test, then checks the table survived it. */
async function withUsers(run: (s: Served) => Promise<void>, expectedRows = 2): Promise<void> {
  const s = await serve(USERS_CONFIG);
  const serverErrors: string[] = [];
  s.engine.on('serverError', (e) => serverErrors.push(e.message));
  try {
    await createAll(s, '/users', [
      { name: 'Ada', email: 'ada@example.com', age: 36 },
      { name: 'Grace', email: 'grace@example.com', age: 85 },
    ]);
    await run(s);
    assertIntact(s);
    assert.equal(await rowCount(s, 'users'), expectedRows);
    assert.deepEqual(serverErrors, [], 'no handler crashed');
  } finally {
    await s.close();
  }
}

async function expectError(res: Response, status: number, message: string | RegExp): Promise<void> {
  assert.equal(res.status, status);
  const error = await errorOf(res);
  if (typeof message === 'string') assert.equal(error, message);
  else assert.match(error, message);
}

// --- malformed bodies -------------------------------------------------------

test('malformed JSON answers 400 saying the JSON is malformed', async () => {
  await withUsers(async (s) => {
    await expectError(await s.send('POST', '/users', '{"name": "Ada",'), 400, /^Malformed JSON in request body: /);
  });
});

test('malformed JSON on PATCH answers 400 and leaves the record unchanged', async () => {
  await withUsers(async (s) => {
    await expectError(
      await s.send('PATCH', '/users/1', "{'name': 'single quotes'}"),
      400,
      /^Malformed JSON in request body: /,
    );
    assert.equal(((await (await s.call('/users/1')).json()) as { name: string }).name, 'Ada');
  });
});

test('an empty body answers 400 asking for a JSON object', async () => {
  await withUsers(async (s) => {
    await expectError(await s.send('POST', '/users', ''), 400, 'Request body is empty; expected a JSON object.');
  });
});

test('a body of only whitespace counts as empty', async () => {
  await withUsers(async (s) => {
    await expectError(await s.send('PUT', '/users/1', ' \n\t '), 400, 'Request body is empty; expected a JSON object.');
  });
});

test('a POST with no body at all answers 400', async () => {
  await withUsers(async (s) => {
    await expectError(
      await s.call('/users', { method: 'POST' }),
      400,
      'Request body is empty; expected a JSON object.',
    );
  });
});

test('an array body answers 400 saying a JSON object is needed', async () => {
  await withUsers(async (s) => {
    await expectError(
      await s.send('POST', '/users', [{ name: 'Ada' }]),
      400,
      'Request body must be a JSON object, not an array.',
    );
  });
});

test('a scalar or null body answers 400 naming what was sent', async () => {
  await withUsers(async (s) => {
    await expectError(await s.send('POST', '/users', 'null'), 400, 'Request body must be a JSON object, not null.');
    await expectError(
      await s.send('POST', '/users', '42'),
      400,
      'Request body must be a JSON object, not the integer 42.',
    );
    await expectError(
      await s.send('POST', '/users', '"Ada"'),
      400,
      'Request body must be a JSON object, not the text "Ada".',
    );
    await expectError(await s.send('PATCH', '/users/1', 'true'), 400, 'Request body must be a JSON object, not true.');
  });
});

test('a non-JSON body sent as form data answers 415', async () => {
  await withUsers(async (s) => {
    const res = await s.call('/users', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada',
    });
    await expectError(res, 415, "Unsupported Content-Type 'application/x-www-form-urlencoded'; send application/json.");
  });
});

test('valid JSON sent with a non-JSON Content-Type is accepted', async () => {
  await withUsers(async (s) => {
    const res = await s.call('/users', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"name":"Curl"}',
    });
    assert.equal(res.status, 201);
  }, 3);
});

test('JSON nested hundreds of thousands of levels deep answers 400, never 500', async () => {
  await withUsers(async (s) => {
    const deep = `{"name":"a","meta":${'['.repeat(300_000)}${']'.repeat(300_000)}}`;
    await expectError(
      await s.send('POST', '/users', deep),
      400,
      "Field 'meta' must be JSON nested at most 1000 levels deep, not an array nested deeper.",
    );
    const deepBody = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
    await expectError(
      await s.send('POST', '/users', deepBody),
      400,
      'Request body must be a JSON object, not an array.',
    );
  });
});

test("a json field nested just past SQLite's 1000 levels answers 400 instead of coming back as text", async () => {
  await withUsers(async (s) => {
    const meta = `${'['.repeat(1001)}${']'.repeat(1001)}`;
    await expectError(
      await s.send('POST', '/users', `{"name":"a","meta":${meta}}`),
      400,
      /^Field 'meta' must be JSON nested at most 1000 levels deep/,
    );
  });
});

test('a json field nested exactly 1000 levels deep is stored and read back as JSON, also as XML', async () => {
  await withUsers(async (s) => {
    const meta = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    const res = await s.send('POST', '/users', `{"name":"deep","meta":${meta}}`);
    assert.equal(res.status, 201);
    const read = (await (await s.call('/users/3')).json()) as { meta: unknown };
    assert.equal(JSON.stringify(read.meta), meta);
    const xml = await s.call('/users/3', { headers: { accept: 'application/xml' } });
    assert.equal(xml.status, 200);
    assert.match(await xml.text(), /<name>deep<\/name>/);
  }, 3);
});

// --- bodies that do not fit the schema -------------------------------------

const WRONG_TYPES: { field: string; value: unknown; message: string }[] = [
  { field: 'age', value: '36', message: 'Field \'age\' must be an integer, not the text "36".' },
  { field: 'age', value: 36.5, message: "Field 'age' must be an integer, not the number 36.5." },
  {
    field: 'age',
    value: 2 ** 60,
    message: `Field 'age' must be an integer, not ${2 ** 60}, an integer past the safe range (±9007199254740991, 2^53 − 1).`,
  },
  {
    field: 'age',
    value: 2 ** 53,
    message: `Field 'age' must be an integer, not ${2 ** 53}, an integer past the safe range (±9007199254740991, 2^53 − 1).`,
  },
  { field: 'score', value: '9.5', message: 'Field \'score\' must be a number, not the text "9.5".' },
  { field: 'score', value: true, message: "Field 'score' must be a number, not true." },
  { field: 'name', value: 42, message: "Field 'name' must be text, not the integer 42." },
  { field: 'name', value: ['Ada'], message: "Field 'name' must be text, not an array." },
  { field: 'active', value: 'true', message: 'Field \'active\' must be true or false, not the text "true".' },
  { field: 'active', value: 1, message: "Field 'active' must be true or false, not the integer 1." },
  {
    field: 'born',
    value: 'yesterday',
    message: 'Field \'born\' must be an ISO-8601 date-time text (e.g. 2024-05-01T12:00:00Z), not the text "yesterday".',
  },
  {
    field: 'born',
    value: 1715000000,
    message: "Field 'born' must be an ISO-8601 date-time text (e.g. 2024-05-01T12:00:00Z), not the integer 1715000000.",
  },
  { field: 'email', value: { at: 'x' }, message: "Field 'email' must be text, not an object." },
];

for (const { field, value, message } of WRONG_TYPES) {
  test(`POST with ${field} = ${JSON.stringify(value)} answers 400 naming the field and the expected type`, async () => {
    await withUsers(async (s) => {
      await expectError(await s.send('POST', '/users', { name: 'X', [field]: value }), 400, message);
    });
  });
}

test('PATCH with a wrong type answers 400 and leaves the record unchanged', async () => {
  await withUsers(async (s) => {
    await expectError(
      await s.send('PATCH', '/users/1', { age: 'old' }),
      400,
      'Field \'age\' must be an integer, not the text "old".',
    );
    assert.equal(((await (await s.call('/users/1')).json()) as { age: number }).age, 36);
  });
});

test('PUT with a wrong type answers 400', async () => {
  await withUsers(async (s) => {
    await expectError(
      await s.send('PUT', '/users/1', { name: 'Ada', active: 'yes' }),
      400,
      'Field \'active\' must be true or false, not the text "yes".',
    );
  });
});

test('a string id of the wrong type answers 400', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    await expectError(
      await s.send('POST', '/notes', { id: 7, text: 'x' }),
      400,
      "Field 'id' must be text, not the integer 7.",
    );
    assert.equal(await rowCount(s, 'notes'), 0);
  } finally {
    await s.close();
  }
});

test("an unknown field answers 400 listing the schema's fields", async () => {
  await withUsers(async (s) => {
    await expectError(
      await s.send('POST', '/users', { name: 'X', nickname: 'x' }),
      400,
      "Field 'nickname' is not in schema User (fields: id, name, email, age, score, active, born, meta).",
    );
  });
});

test('an unknown field on PATCH answers 400', async () => {
  await withUsers(async (s) => {
    await expectError(
      await s.send('PATCH', '/users/1', { nickname: 'x' }),
      400,
      /^Field 'nickname' is not in schema User/,
    );
  });
});

test('a __proto__ key in the body is an unknown field, not a prototype change', async () => {
  await withUsers(async (s) => {
    await expectError(
      await s.send('POST', '/users', '{"name":"X","__proto__":{"age":1}}'),
      400,
      /^Field '__proto__' is not in schema User/,
    );
  });
});

test('a missing required field answers 400 naming it', async () => {
  await withUsers(async (s) => {
    await expectError(await s.send('POST', '/users', { email: 'x@example.com' }), 400, "Field 'name' is required.");
  });
});

test('a required field sent as null answers 400', async () => {
  await withUsers(async (s) => {
    await expectError(await s.send('POST', '/users', { name: null }), 400, "Field 'name' is required.");
    await expectError(await s.send('PATCH', '/users/1', { name: null }), 400, "Field 'name' is required.");
  });
});

// --- body limit -------------------------------------------------------------

test('a body over the default 1 MiB limit answers 413', async () => {
  await withUsers(async (s) => {
    const body = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    await expectError(
      await s.send('POST', '/users', body),
      413,
      'Request body is larger than the limit of 1048576 bytes.',
    );
  });
});

test('a body just under the default limit is accepted', async () => {
  await withUsers(async (s) => {
    const body = JSON.stringify({ name: 'x'.repeat(1024 * 1024 - 20) });
    assert.ok(Buffer.byteLength(body) <= 1024 * 1024);
    assert.equal((await s.send('POST', '/users', body)).status, 201);
  }, 3);
});

test('server.bodyLimit sets the limit and counts bytes, not characters', async () => {
  const s = await serve(yaml`
    schemas:
      User:
        properties:
          id: integer
          name: string
    endpoints:
      - resource: User
    server:
      bodyLimit: 100
  `);
  try {
    assert.equal((await s.send('POST', '/users', { name: 'x'.repeat(80) })).status, 201);
    const multibyte = JSON.stringify({ name: 'é'.repeat(50) }); // 63 characters, 113 bytes
    await expectError(
      await s.send('POST', '/users', multibyte),
      413,
      'Request body is larger than the limit of 100 bytes.',
    );
    assert.equal(await rowCount(s, 'users'), 1);
  } finally {
    await s.close();
  }
});

test('a chunked body with no Content-Length is cut off at the limit with 413', async () => {
  const s = await serve(yaml`
    schemas:
      User:
        properties:
          id: integer
          name: string
    endpoints:
      - resource: User
    server:
      bodyLimit: 1000
  `);
  try {
    const { port } = s.engine.address ?? { port: 0 };
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/users', method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write('{"name":"');
      for (let i = 0; i < 5; i++) req.write('x'.repeat(400));
      req.end('"}');
    });
    assert.equal(status, 413);
    assert.deepEqual(JSON.parse(body), { error: 'Request body is larger than the limit of 1000 bytes.' });
    assert.equal(await rowCount(s, 'users'), 0);
    assertIntact(s);
  } finally {
    await s.close();
  }
});

// --- SQL-looking input ------------------------------------------------------

const SQL_STRINGS = [
  '1; DROP TABLE users; --',
  "1' OR '1'='1",
  '1 OR 1=1',
  "'); DELETE FROM users; --",
  '" OR ""="',
  '1 UNION SELECT name FROM sqlite_master',
];

test('SQL-looking path parameters find nothing (404) and leave the table intact', async () => {
  await withUsers(async (s) => {
    for (const sql of SQL_STRINGS) {
      const path = `/users/${encodeURIComponent(sql)}`;
      await expectError(await s.call(path), 404, 'Not found');
      await expectError(await s.send('PATCH', path, { name: 'pwned' }), 404, 'Not found');
      await expectError(await s.call(path, { method: 'DELETE' }), 404, 'Not found');
    }
    const names = ((await (await s.call('/users')).json()) as { name: string }[]).map((u) => u.name);
    assert.deepEqual(names, ['Ada', 'Grace']);
  });
});

test('SQL-looking slugs find nothing and PATCH by such a slug changes nothing', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    await createAll(s, '/posts', [{ slug: 'real', title: 'Real' }]);
    for (const sql of SQL_STRINGS) {
      await expectError(await s.call(`/posts/${encodeURIComponent(sql)}`), 404, 'Not found');
      await expectError(await s.send('PATCH', `/posts/${encodeURIComponent(sql)}`, { title: 'x' }), 404, 'Not found');
    }
    assert.equal(((await (await s.call('/posts/real')).json()) as { title: string }).title, 'Real');
    assert.equal(await rowCount(s, 'posts'), 1);
    assertIntact(s);
  } finally {
    await s.close();
  }
});

test('a SQL-looking slug can be stored and found as plain text', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    const slug = "x'; DROP TABLE posts; --";
    const res = await s.send('POST', '/posts', { slug, title: 'Bobby' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), `/posts/${encodeURIComponent(slug)}`);
    const read = await s.call(res.headers.get('location') ?? '');
    assert.equal(read.status, 200);
    assert.equal(((await read.json()) as { slug: string }).slug, slug);
    assertIntact(s);
  } finally {
    await s.close();
  }
});

test('SQL-looking filter values match nothing and answer 200', async () => {
  await withUsers(async (s) => {
    for (const sql of SQL_STRINGS) {
      const res = await s.call(`/users?name=${encodeURIComponent(sql)}`);
      assert.equal(res.status, 200, sql);
      assert.deepEqual(await res.json(), []);
      const like = await s.call(`/users?email_like=${encodeURIComponent(sql)}`);
      assert.deepEqual(await like.json(), []);
      const q = await s.call(`/users?q=${encodeURIComponent(sql)}`);
      assert.deepEqual(await q.json(), []);
    }
  });
});

test('SQL-looking values for typed filters answer 400', async () => {
  await withUsers(async (s) => {
    for (const sql of SQL_STRINGS) {
      await expectError(
        await s.call(`/users?age=${encodeURIComponent(sql)}`),
        400,
        /^Query parameter 'age' must be an integer/,
      );
    }
  });
});

test('SQL-looking sort fields answer 400 and run nothing', async () => {
  await withUsers(async (s) => {
    for (const sort of ['name; DROP TABLE users', 'name DESC, (SELECT 1)', '"name"', 'rowid', 'name--']) {
      await expectError(await s.call(`/users?_sort=${encodeURIComponent(sort)}`), 400, /^Cannot sort by '/);
    }
  });
});

test('SQL-looking query parameter names are ignored', async () => {
  await withUsers(async (s) => {
    const res = await s.call(`/users?${encodeURIComponent('name" = name OR "1')}=1&${encodeURIComponent('1=1;--')}=x`);
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as unknown[]).length, 2);
  });
});

test('SQL-looking text in a body is stored verbatim', async () => {
  await withUsers(async (s) => {
    const name = "Robert'); DROP TABLE users;--";
    const res = await s.send('POST', '/users', { name });
    assert.equal(res.status, 201);
    assert.equal(((await res.json()) as { name: string }).name, name);
  }, 3);
});

// --- URLs, routes and methods ----------------------------------------------

test('bad percent-encoding in the path answers 400, not 500', async () => {
  await withUsers(async (s) => {
    for (const path of ['/users/%E0%A4%A', '/users/%', '/users/%zz', '/nowhere/%']) {
      await expectError(await s.call(path), 400, 'Malformed URL: bad percent-encoding in the path.');
    }
  });
});

test('bad percent-encoding in a query value is taken literally', async () => {
  await withUsers(async (s) => {
    const res = await s.call('/users?name=%E0%A4%A');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), []);
  });
});

test('percent-encoded path parameters are decoded before the lookup', async () => {
  const s = await serve(BLOG_CONFIG);
  try {
    await createAll(s, '/posts', [{ slug: 'ünï côdé', title: 'U' }]);
    const res = await s.call(`/posts/${encodeURIComponent('ünï côdé')}`);
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { title: string }).title, 'U');
  } finally {
    await s.close();
  }
});

test('an unknown route answers 404 Not found as JSON', async () => {
  await withUsers(async (s) => {
    await expectError(await s.call('/nothing/here'), 404, 'Not found');
    await expectError(await s.send('POST', '/nothing', { a: 1 }), 404, 'Not found');
  });
});

test('the admin prefix is an unknown route when the admin API is off', async () => {
  await withUsers(async (s) => {
    await expectError(await s.call('/__mockyard/reset', { method: 'POST' }), 404, 'Not found');
  });
});

test('a known path with another method answers 405 with an Allow header', async () => {
  await withUsers(async (s) => {
    const res = await s.send('POST', '/users/1', { name: 'x' });
    assert.equal(res.headers.get('allow'), 'GET, PATCH, PUT, DELETE, HEAD, OPTIONS');
    await expectError(res, 405, 'Method POST is not allowed here; use GET, PATCH, PUT or DELETE.');
    const collection = await s.call('/users', { method: 'DELETE' });
    assert.equal(collection.headers.get('allow'), 'GET, POST, HEAD, OPTIONS');
    await expectError(collection, 405, 'Method DELETE is not allowed here; use GET or POST.');
  });
});

test('a static GET path answers 405 to PUT', async () => {
  await withUsers(async (s) => {
    const res = await s.send('PUT', '/health', {});
    assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS');
    await expectError(res, 405, 'Method PUT is not allowed here; use GET.');
  });
});

test('a trailing slash reaches the same endpoint', async () => {
  await withUsers(async (s) => {
    assert.equal((await s.call('/users/')).status, 200);
    assert.equal((await s.call('/users/1/')).status, 200);
  });
});

test('HEAD answers like GET with the headers and no body', async () => {
  await withUsers(async (s) => {
    const get = await s.call('/users');
    const getBody = await get.text();
    const head = await s.call('/users', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    assert.equal(head.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(getBody)));
    assert.equal(head.headers.get('x-total-count'), '2');
  });
});

test('HEAD of a missing record answers 404 with no body', async () => {
  await withUsers(async (s) => {
    const res = await s.call('/users/99', { method: 'HEAD' });
    assert.equal(res.status, 404);
    assert.equal(await res.text(), '');
  });
});

test('HEAD of a path with no GET answers 405', async () => {
  const s = await serve(yaml`
    endpoints:
      - path: /hook
        method: POST
        response:
          inline: { received: true }
  `);
  try {
    const res = await s.call('/hook', { method: 'HEAD' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST, OPTIONS');
  } finally {
    await s.close();
  }
});

test('OPTIONS on a known path answers 204 with Allow', async () => {
  await withUsers(async (s) => {
    const res = await s.call('/users/1', { method: 'OPTIONS' });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('allow'), 'GET, PATCH, PUT, DELETE, HEAD, OPTIONS');
    assert.equal(await res.text(), '');
  });
});

test('errors never carry a stack trace and the request log notes the message', async () => {
  await withUsers(async (s) => {
    await s.send('POST', '/users', '{bad');
    const entry = s.engine.log.entries().at(-1);
    assert.equal(entry?.status, 400);
    assert.equal(entry?.requestBody, '{bad');
    assert.match(entry?.notes[0] ?? '', /^Malformed JSON in request body/);
    assert.doesNotMatch(entry?.responseBody ?? '', /at .*\.js/);
  });
});

test('a storm of bad requests leaves the database intact and the server answering', async () => {
  await withUsers(async (s) => {
    const bad: Promise<Response>[] = [];
    for (let i = 0; i < 20; i++) {
      bad.push(s.send('POST', '/users', '{'));
      bad.push(s.send('POST', '/users', []));
      bad.push(s.send('PATCH', `/users/${encodeURIComponent("1' --")}`, { name: 'x' }));
      bad.push(s.send('PUT', '/users/1', { name: 5 }));
      bad.push(s.call(`/users?_sort=${encodeURIComponent('name;DROP TABLE users')}`));
      bad.push(s.call('/users/%'));
    }
    const statuses = await Promise.all(bad.map(async (p) => (await p).status));
    assert.ok(
      statuses.every((st) => st >= 400 && st < 500),
      statuses.join(','),
    );
    const ok = await s.call('/users');
    assert.equal(ok.status, 200);
    assert.equal(((await ok.json()) as unknown[]).length, 2);
  });
});

test('a client that disconnects in the middle of a body is not reported as a server error', async () => {
  await withUsers(async (s) => {
    const { port } = s.engine.address ?? { port: 0 };
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
      socket.on('error', reject);
    });
    await sleep(150);
    assert.equal((await s.call('/users')).status, 200);
  });
});

test('a database fault answers 500 with a generic JSON error and reports serverError', {
  skip: sqliteOnly(),
}, async () => {
  const s = await serve(USERS_CONFIG);
  try {
    const reported: string[] = [];
    s.engine.on('serverError', (e) => reported.push(e.code));
    dbOf(s).close();
    const res = await s.call('/users');
    await expectError(res, 500, 'Internal server error');
    assert.deepEqual(reported, ['internal']);
    assert.match(s.engine.log.entries().at(-1)?.notes[0] ?? '', /^internal error: /);
  } finally {
    await s.close();
  }
});
