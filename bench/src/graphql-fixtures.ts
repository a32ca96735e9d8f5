/** The GraphQL section's data and queries, the same for Mockyard, the bare graphql-js server and json-graphql-server. */

export const GRAPHQL_USERS = 100;
export const GRAPHQL_POSTS = 1000;

export interface BenchPost {
  id: number;
  title: string;
  views: number;
  authorId: number;
}

export const benchUsers = (): { id: number; name: string }[] =>
  Array.from({ length: GRAPHQL_USERS }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` }));

export const benchPosts = (): BenchPost[] =>
  Array.from({ length: GRAPHQL_POSTS }, (_, i) => ({
    id: i + 1,
    title: `Post number ${i + 1}`,
    views: (i * 37) % 1000,
    authorId: (i % GRAPHQL_USERS) + 1,
  }));

/**
 * The two requests as POST bodies (json-graphql-server answers only POSTed JSON), so wrk sends the
 * same bytes to each server. `page: 0`: json-graphql-server pages only when a page is given.
 */
export const GRAPHQL_REQUESTS = [
  { name: 'allPosts(perPage: 100)', query: '{ allPosts(page: 0, perPage: 100) { id title views } }' },
  { name: 'Post(id)', query: '{ Post(id: 7) { id title views } }' },
].map((r) => ({ ...r, body: JSON.stringify({ query: r.query }) }));

/** Mockyard's config: the same rows, GraphQL on, and /health for the start-up wait. */
export function graphqlBenchConfig(): string {
  const users = benchUsers()
    .map((u) => `    - { name: "${u.name}" }`)
    .join('\n');
  const posts = benchPosts()
    .map((p) => `    - { title: "${p.title}", views: ${p.views}, authorId: ${p.authorId} }`)
    .join('\n');
  return `server:
  graphql: true
schemas:
  User:
    properties:
      id: integer
      name: string
  Post:
    properties:
      id: integer
      title: string
      views: integer
      authorId: { type: integer, references: User }
endpoints:
  - path: /health
    method: GET
    response:
      inline: { status: ok }
seed:
  User:
${users}
  Post:
${posts}
`;
}
