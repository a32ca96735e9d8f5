// Real GraphQL clients against the endpoint (issue 42): graphql-request, and @apollo/client's core
// with its normalised cache. Runs on SQLite here and on PostgreSQL in graphql-clients-on-postgres.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { ClientError, GraphQLClient } from 'graphql-request';
import { GRAPHQL_CONFIG } from './graphql-fixture.js';
import { serve, type Served } from './helpers.js';

async function withServer(run: (s: Served) => Promise<void>): Promise<void> {
  const s = await serve(GRAPHQL_CONFIG);
  try {
    await run(s);
  } finally {
    await s.close();
  }
}

interface Post {
  id: string;
  title: string;
  views?: number;
  author?: { id: string; name: string } | null;
}

test('graphql-request: a query with variables, a mutation, and an integrity error it reports', async () => {
  await withServer(async (s) => {
    const client = new GraphQLClient(`${s.url}/graphql`);
    const page = await client.request<{ allPosts: Post[]; _allPostsMeta: { count: number } }>(
      `query Page($perPage: Int, $filter: PostFilter) {
        allPosts(page: 0, perPage: $perPage, sortField: "id", filter: $filter) { id title author { id name } }
        _allPostsMeta(filter: $filter) { count }
      }`,
      { perPage: 3, filter: { authorId: 2 } },
    );
    assert.deepEqual(page.allPosts, [
      { id: '2', title: 'post 2', author: { id: '2', name: 'user 2' } },
      { id: '122', title: 'post 122', author: { id: '2', name: 'user 2' } },
    ]);
    assert.equal(page._allPostsMeta.count, 2);
    const created = await client.request<{ createPost: Post }>(
      'mutation New($title: String!, $authorId: ID) { createPost(title: $title, authorId: $authorId) { id title } }',
      { title: 'via graphql-request', authorId: 1 },
    );
    assert.equal(created.createPost.title, 'via graphql-request');
    const rest = (await (await s.call(`/posts/${created.createPost.id}`)).json()) as Post;
    assert.equal(rest.title, 'via graphql-request');
    await assert.rejects(
      client.request('mutation { createPost(title: "x", authorId: 999) { id } }'),
      (err: unknown) =>
        err instanceof ClientError &&
        err.response.errors?.[0]?.message === "Field 'authorId' is 999, but there is no User with id 999.",
    );
  });
});

test('@apollo/client core: a query, a mutation the normalised cache takes in, and a cache update', async () => {
  await withServer(async (s) => {
    const client = new ApolloClient({ link: new HttpLink({ uri: `${s.url}/graphql` }), cache: new InMemoryCache() });
    const LIST = gql`
      query List {
        allPosts(perPage: 3, sortField: "id") {
          id
          title
          views
        }
      }
    `;
    const first = await client.query<{ allPosts: Post[] }>({ query: LIST });
    assert.deepEqual(
      first.data?.allPosts.map((p) => p.title),
      ['post 1', 'post 2', 'post 3'],
    );
    // The mutation's answer updates Post:2 in the cache: the list read from the cache shows it.
    await client.mutate({
      mutation: gql`
        mutation Rename($id: ID!, $title: String) {
          updatePost(id: $id, title: $title) {
            id
            title
          }
        }
      `,
      variables: { id: '2', title: 'renamed by apollo' },
    });
    const cached = client.readQuery<{ allPosts: Post[] }>({ query: LIST });
    assert.equal(cached?.allPosts[1]?.title, 'renamed by apollo');
    // A create whose `update` adds the new post to the cached list, as an app would.
    await client.mutate<{ createPost: Post }>({
      mutation: gql`
        mutation Add($title: String!) {
          createPost(title: $title) {
            id
            title
            views
          }
        }
      `,
      variables: { title: 'added by apollo' },
      update(cache, { data }) {
        const created = data?.createPost;
        if (!created) return;
        cache.updateQuery<{ allPosts: Post[] }>({ query: LIST }, (old) => ({
          allPosts: [...(old?.allPosts ?? []), created],
        }));
      },
    });
    const updated = client.readQuery<{ allPosts: Post[] }>({ query: LIST });
    assert.deepEqual(
      updated?.allPosts.map((p) => p.title),
      ['post 1', 'renamed by apollo', 'post 3', 'added by apollo'],
    );
    // The server has both writes.
    const fresh = await client.query<{ allPosts: Post[] }>({
      query: gql`
        query Check {
          allPosts(filter: { q: "apollo" }, sortField: "id") {
            id
            title
          }
        }
      `,
      fetchPolicy: 'network-only',
    });
    assert.deepEqual(
      fresh.data?.allPosts.map((p) => p.title),
      ['renamed by apollo', 'added by apollo'],
    );
  });
});
