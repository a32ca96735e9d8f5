/**
 * The GraphQL section's baseline: graphql-js over better-sqlite3 prepared statements on node:http,
 * answering the same two queries as Mockyard's GraphQL endpoint: a query text is parsed and validated
 * once and its document kept, then executed per request, as Mockyard does (graphql/document-cache.ts).
 * Usage: baseline-graphql-server DB_FILE PORT
 */
import { createServer } from 'node:http';
import Database from 'better-sqlite3';
import { buildSchema, type DocumentNode, execute, parse, validate } from 'graphql';
import { health, send } from './baseline-reply.js';
import { benchPosts } from './graphql-fixtures.js';

const [file = 'baseline-graphql.sqlite', port = '0'] = process.argv.slice(2);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE IF NOT EXISTS posts (id INTEGER PRIMARY KEY, title TEXT, views INTEGER, authorId INTEGER)');
if ((db.prepare('SELECT count(*) AS n FROM posts').get() as { n: number }).n === 0) {
  const insert = db.prepare('INSERT INTO posts (title, views, authorId) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (const p of benchPosts()) insert.run(p.title, p.views, p.authorId);
  })();
}
const page = db.prepare('SELECT id, title, views, authorId FROM posts ORDER BY id LIMIT ? OFFSET ?');
const one = db.prepare('SELECT id, title, views, authorId FROM posts WHERE id = ?');

const schema = buildSchema(`
  type Post { id: ID! title: String views: Int authorId: ID }
  type Query { allPosts(page: Int, perPage: Int): [Post] Post(id: ID!): Post }
`);
const root = {
  allPosts: ({ page: p = 0, perPage = 25 }: { page?: number; perPage?: number }) => page.all(perPage, p * perPage),
  Post: ({ id }: { id: string }) => one.get(id) ?? null,
};

const documents = new Map<string, DocumentNode>();

createServer((req, res) => {
  if (req.url === '/health') return send(res, 200, health);
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    let source = '';
    try {
      source = (JSON.parse(body) as { query: string }).query;
    } catch {
      return send(res, 400, JSON.stringify({ errors: [{ message: 'Bad request' }] }));
    }
    let document = documents.get(source);
    if (!document) {
      try {
        document = parse(source);
      } catch {
        return send(res, 400, JSON.stringify({ errors: [{ message: 'Syntax error' }] }));
      }
      const errors = validate(schema, document);
      if (errors.length > 0) return send(res, 400, JSON.stringify({ errors }));
      documents.set(source, document);
    }
    void Promise.resolve(execute({ schema, document, rootValue: root })).then((result) =>
      send(res, result.errors && !result.data ? 400 : 200, JSON.stringify(result)),
    );
  });
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
