// Drives react-admin's ra-data-graphql-simple (with the graphql 15 and @apollo/client 3 it pins)
// through every data-provider method against a Mockyard GraphQL endpoint, and prints what each
// answered as one JSON object. Run in its own process by engine/tests/graphql-ra-data.test.ts, so
// this graphql copy never meets the root's graphql 16.
// Usage: node drive.cjs http://127.0.0.1:PORT/graphql
// CommonJS: @apollo/client 3's ES modules are written for bundlers, which Node's loader refuses.
const buildGraphQLProvider = require('ra-data-graphql-simple').default;

async function main() {
  const uri = process.argv[2];
  const out = {};
  const step = async (name, run) => {
    try {
      out[name] = await run();
    } catch (err) {
      out[name] = { error: String(err?.message ?? err) };
    }
  };
  for (const bulk of [false, true]) {
    const provider = await buildGraphQLProvider({ clientOptions: { uri }, bulkActionsEnabled: bulk });
    const p = bulk ? 'bulk.' : '';
    await step(`${p}getList`, () =>
      provider.getList('Post', {
        pagination: { page: 2, perPage: 5 },
        sort: { field: 'views', order: 'DESC' },
        // Past the records the writes below change, so each run reads the same page.
        filter: { q: 'post', views_gte: 10, id_gte: 20 },
      }),
    );
    await step(`${p}getOne`, () => provider.getOne('Post', { id: '3' }));
    await step(`${p}getMany`, () => provider.getMany('User', { ids: ['1', '2', '999'] }));
    await step(`${p}getManyReference`, () =>
      provider.getManyReference('Post', {
        target: 'authorId',
        id: '2',
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    );
    await step(`${p}create`, () =>
      provider.create('Post', { data: { title: `created ${bulk ? 'bulk' : 'single'}`, authorId: 1, views: 5 } }),
    );
    await step(`${p}createDangling`, () => provider.create('Post', { data: { title: 'dangling', authorId: 999 } }));
    await step(`${p}update`, () =>
      provider.update('Post', { id: '3', data: { id: '3', title: `updated ${bulk}` }, previousData: { id: '3' } }),
    );
    await step(`${p}updateMany`, () =>
      provider.updateMany('Post', { ids: bulk ? ['5', '6'] : ['7', '8'], data: { views: bulk ? 61 : 71 } }),
    );
    await step(`${p}delete`, () => provider.delete('Post', { id: bulk ? '9' : '10', previousData: { id: '0' } }));
    await step(`${p}deleteMany`, () => provider.deleteMany('Post', { ids: bulk ? ['11', '12'] : ['13', '14'] }));
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
