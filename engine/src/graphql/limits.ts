/**
 * What one GraphQL request may ask for, checked on the parsed document before it is validated or
 * run, so a hostile query costs a bounded amount of work:
 * - the query text (`queryBytes`) and its tokens (`tokens`, graphql-js's parser stops there);
 * - `depth`: fields nested in fields (introspection's own nesting, `ofType` in `ofType`, has `introspectionDepth`);
 * - `aliases`: aliased fields in the document;
 * - `cost`: each field counts 1, times the rows of the lists around it (a list's `perPage`, else
 *   100 for a top-level list, 10 for a related record or list and for an introspection list inside
 *   `types`); fragments count where
 *   they are spread, so a fragment spread many times costs what its copies would.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  Kind,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export const GRAPHQL_LIMITS = {
  queryBytes: 64 * 1024,
  tokens: 10_000,
  depth: 10,
  introspectionDepth: 15,
  aliases: 50,
  cost: 50_000,
} as const;

const TOP_LIST_ROWS = 100;
const INNER_LIST_ROWS = 10;
// `types` and `directives` are listed once per query (their size is the schema's); the lists in them multiply.
const INTROSPECTION_LISTS = new Set(['fields', 'inputFields', 'args', 'enumValues', 'interfaces', 'possibleTypes']);

const intOf = (value: ValueNode | undefined): number | undefined =>
  value?.kind === Kind.INT ? Number.parseInt(value.value, 10) : undefined;

class Exceeded extends Error {}

/** The first limit the document passes, as a message; undefined when it keeps every limit. */
export function limitExceeded(document: DocumentNode): string | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const costMessage = (): string =>
    `The query's cost is over ${GRAPHQL_LIMITS.cost} (fields times the rows of the lists around them).`;
  let steps = 0;
  let cost = 0;
  let aliases = 0;
  /** Calls `visit` on each field of the set, fragments expanded where they are spread; every step counts. */
  const fields = (set: SelectionSetNode, visit: (field: FieldNode) => void): void => {
    for (const selection of set.selections) {
      // Spreads of spreads (or a cycle, which validation refuses later) end here.
      if (++steps > GRAPHQL_LIMITS.cost) throw new Exceeded(costMessage());
      if (selection.kind === Kind.FIELD) visit(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) fields(selection.selectionSet, visit);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) fields(fragment.selectionSet, visit);
      }
    }
  };
  const shape = (set: SelectionSetNode, depth: number, introspection: boolean): void =>
    fields(set, (field) => {
      const name = field.name.value;
      if (field.alias && ++aliases > GRAPHQL_LIMITS.aliases)
        throw new Exceeded(`The query uses more than ${GRAPHQL_LIMITS.aliases} aliases.`);
      const inIntrospection = introspection || name === '__schema' || name === '__type';
      const maxDepth = inIntrospection ? GRAPHQL_LIMITS.introspectionDepth : GRAPHQL_LIMITS.depth;
      if (depth + 1 > maxDepth) throw new Exceeded(`The query nests fields deeper than ${maxDepth} levels.`);
      if (field.selectionSet) shape(field.selectionSet, depth + 1, inIntrospection);
    });
  const price = (set: SelectionSetNode, depth: number, rows: number, introspection: boolean): void =>
    fields(set, (field) => {
      const name = field.name.value;
      cost += rows;
      if (cost > GRAPHQL_LIMITS.cost) throw new Exceeded(costMessage());
      if (!field.selectionSet) return;
      const inIntrospection = introspection || name === '__schema' || name === '__type';
      const perPage = intOf(field.arguments?.find((a) => a.name.value === 'perPage')?.value);
      let inner = rows;
      if (depth === 0 && name.startsWith('all')) inner = rows * Math.max(1, perPage ?? TOP_LIST_ROWS);
      else if (inIntrospection ? INTROSPECTION_LISTS.has(name) : depth > 0) inner = rows * INNER_LIST_ROWS;
      price(field.selectionSet, depth + 1, inner, inIntrospection);
    });
  try {
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    for (const operation of operations) shape(operation.selectionSet, 0, false);
    steps = 0;
    for (const operation of operations) price(operation.selectionSet, 0, 1, false);
  } catch (err) {
    if (err instanceof Exceeded) return err.message;
    throw err;
  }
  return undefined;
}
