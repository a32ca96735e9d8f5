/**
 * The PostgreSQL section's baseline: a bare node:http server with the driver Mockyard uses (`pg`),
 * a pool of the same size (10) and named (prepared) statements, serving the same four requests as
 * the Mockyard config. Usage: baseline-pg-server DATABASE_URL PORT
 */
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { health, notFound, send } from './baseline-reply.js';
import { seedUsers } from './fixtures.js';

const [url = 'postgres://localhost/bench', port = '0'] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query('CREATE TABLE IF NOT EXISTS users (id serial PRIMARY KEY, name text, email text)');
if (Number((await pool.query('SELECT count(*) AS n FROM users')).rows[0].n) === 0) {
  const users = seedUsers();
  await pool.query('INSERT INTO users (name, email) SELECT * FROM unnest($1::text[], $2::text[])', [
    users.map((u) => u.name),
    users.map((u) => u.email),
  ]);
}
const list = { name: 'list', text: 'SELECT id, name, email FROM users ORDER BY id LIMIT 100' };
const one = { name: 'one', text: 'SELECT id, name, email FROM users WHERE id = $1' };
const create = { name: 'create', text: 'INSERT INTO users (name, email) VALUES ($1, $2) RETURNING id, name, email' };

const failed = (res: ServerResponse) => (): void => send(res, 500, JSON.stringify({ error: 'Internal error' }));

createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'GET' && url === '/health') return send(res, 200, health);
  if (req.method === 'GET' && url === '/users') {
    pool.query(list).then((r) => send(res, 200, JSON.stringify(r.rows)), failed(res));
    return;
  }
  const match = /^\/users\/(\d+)$/.exec(url);
  if (req.method === 'GET' && match) {
    pool
      .query({ ...one, values: [match[1]] })
      .then((r) => (r.rows[0] ? send(res, 200, JSON.stringify(r.rows[0])) : send(res, 404, notFound)), failed(res));
    return;
  }
  if (req.method === 'POST' && url === '/users') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      let user: { name: string; email: string };
      try {
        user = JSON.parse(body) as { name: string; email: string };
      } catch {
        return send(res, 400, JSON.stringify({ error: 'Bad request' }));
      }
      pool
        .query({ ...create, values: [user.name, user.email] })
        .then((r) => send(res, 201, JSON.stringify(r.rows[0])), failed(res));
    });
    return;
  }
  send(res, 404, notFound);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
