/**
 * The benchmark's baseline: a bare node:http server with better-sqlite3 prepared statements,
 * serving the same four requests as the Mockyard config. Usage: baseline-server DB_FILE PORT
 */
import { createServer } from 'node:http';
import Database from 'better-sqlite3';
import { health, notFound, send } from './baseline-reply.js';
import { seedUsers } from './fixtures.js';

const [file = 'baseline.sqlite', port = '0'] = process.argv.slice(2);
const db = new Database(file);
// The same durable work as Mockyard's store (engine/src/store/sqlite/database.ts, openDatabase): a
// WAL, synced at checkpoints only (synchronous = NORMAL). Keep the two in step, or POST compares unlike work.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, name TEXT, email TEXT)');
if ((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n === 0) {
  const insert = db.prepare('INSERT INTO users (name, email) VALUES (?, ?)');
  db.transaction(() => {
    for (const u of seedUsers()) insert.run(u.name, u.email);
  })();
}
const list = db.prepare('SELECT id, name, email FROM users ORDER BY id LIMIT 100');
const one = db.prepare('SELECT id, name, email FROM users WHERE id = ?');
// Each create runs to its end (`.all`), as Mockyard's do. SQLite checkpoints a WAL by itself (every
// 1000 pages) only after a step that finishes a commit; a statement stopped at its first row
// (`.get`) is committed by sqlite3_reset, which does not. With `.get` this server never checkpointed:
// after 5 s of wrk on POST /users its WAL was 58 MB and the database file still 4 KB, so it never
// copied a write into the database file or synced one, which no real server can keep up.
const create = db.prepare('INSERT INTO users (name, email) VALUES (?, ?) RETURNING id, name, email');

createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'GET' && url === '/health') return send(res, 200, health);
  if (req.method === 'GET' && url === '/users') return send(res, 200, JSON.stringify(list.all()));
  const match = /^\/users\/(\d+)$/.exec(url);
  if (req.method === 'GET' && match) {
    const row = one.get(match[1]);
    return row ? send(res, 200, JSON.stringify(row)) : send(res, 404, notFound);
  }
  if (req.method === 'POST' && url === '/users') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        const { name, email } = JSON.parse(body) as { name: string; email: string };
        send(res, 201, JSON.stringify(create.all(name, email)[0]));
      } catch {
        send(res, 400, JSON.stringify({ error: 'Bad request' }));
      }
    });
    return;
  }
  send(res, 404, notFound);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
