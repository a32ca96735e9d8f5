/**
 * The names of the generated GraphQL API, as json-graphql-server gives them (so react-admin's
 * ra-data-graphql-simple, written for it, finds every operation): for a schema `Post`, `Post(id)`,
 * `allPosts`, `_allPostsMeta`, `createPost`, `createManyPost`, `updatePost`, `deletePost` (and
 * `removePost`), the bulk `updatePosts` and `deletePosts`, the subscription `PostChanged` (type `PostChange`), the input `PostInput` and the filter `PostFilter`.
 */
import pluralize from 'pluralize';

/** The plural ra-data-graphql uses (the `pluralize` package): `Post` → `Posts`, `Person` → `People`. */
export const pluralOf = (name: string): string => pluralize(name);

export const graphqlNames = (name: string) => {
  const plural = pluralOf(name);
  return {
    type: name,
    one: name,
    all: `all${plural}`,
    meta: `_all${plural}Meta`,
    create: `create${name}`,
    createMany: `createMany${name}`,
    update: `update${name}`,
    remove: `remove${name}`,
    delete: `delete${name}`,
    updateMany: `update${plural}`,
    deleteMany: `delete${plural}`,
    input: `${name}Input`,
    updateInput: `${name}UpdateInput`,
    filter: `${name}Filter`,
    changed: `${name}Changed`,
    change: `${name}Change`,
  };
};

/** Type names the API declares for itself, which no schema may take. */
export const RESERVED_TYPES: readonly string[] = [
  'Query',
  'Mutation',
  'Subscription',
  'ListMetadata',
  'BulkResult',
  'ChangeEvent',
  'DateTime',
  'JSON',
  'ID',
  'Int',
  'Float',
  'String',
  'Boolean',
];

/** A GraphQL name: letters, digits and `_`, not starting with a digit, nor with the reserved `__`. */
export const isGraphqlName = (name: string): boolean => /^[_A-Za-z][_0-9A-Za-z]*$/.test(name) && !name.startsWith('__');
