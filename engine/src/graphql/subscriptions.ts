/**
 * The Subscription type: per schema one field, `<Schema>Changed`, streaming `{ id event record }` for
 * every change to its table, from the same feed as the `feed:` WebSocket and SSE endpoints (HTTP,
 * the studio, admin reset as one `reset`, other replicas on PostgreSQL). One field per schema rather
 * than created/updated/deleted fields: a client sees every change in commit order in one stream,
 * and `reset` (reload everything) has a place.
 */
import { GraphQLEnumType, type GraphQLFieldConfigMap, GraphQLID, GraphQLNonNull, GraphQLObjectType } from 'graphql';
import { DomainError } from '../domain-error.js';
import type { SchemaModel } from '../model/service-model.js';
import { graphqlNames } from './names.js';
import type { Row } from './related-rows.js';
import type { FeedEvent, RequestContext } from './request-context.js';
import type { SchemaTypes } from './schema-types.js';

const ChangeEvent = new GraphQLEnumType({
  name: 'ChangeEvent',
  description: 'What happened to a record; `reset`: the whole table was replaced (reload it).',
  values: {
    created: { value: 'created' },
    updated: { value: 'updated' },
    deleted: { value: 'deleted' },
    reset: { value: 'reset' },
  },
});

interface Change {
  id: string;
  event: FeedEvent['type'];
  record: Row | null;
}

/** The changes of `schema` from now on, as an async iterator; the feed subscription ends with it. */
function changesOf(schema: string, context: RequestContext): AsyncIterableIterator<{ [field: string]: Change }> {
  const feeds = context.feeds;
  if (!feeds)
    throw new DomainError('invalid', 'Subscriptions run over WebSocket with the graphql-ws protocol at this path.');
  const field = graphqlNames(schema).changed;
  const queued: FeedEvent[] = [];
  let queuedBytes = 0;
  let waiting: ((result: IteratorResult<{ [field: string]: Change }>) => void) | undefined;
  let done = false;
  const wrap = (change: FeedEvent) => ({
    [field]: {
      id: String(change.id),
      event: change.type,
      record: change.record === undefined ? null : (JSON.parse(change.record) as Row),
    },
  });
  const finish = (): Promise<IteratorResult<{ [field: string]: Change }>> => {
    done = true;
    unsubscribe();
    waiting?.({ value: undefined, done: true });
    waiting = undefined;
    return Promise.resolve({ value: undefined, done: true });
  };
  const unsubscribe = feeds.subscribe(
    schema,
    (change) => {
      if (done) return;
      if (waiting) {
        const resolve = waiting;
        waiting = undefined;
        resolve({ value: wrap(change), done: false });
      } else if (feeds.lagging(queued.length + 1, queuedBytes + (change.record?.length ?? 0))) {
        finish();
        feeds.drop();
      } else {
        queued.push(change);
        queuedBytes += change.record?.length ?? 0;
      }
    },
    () => {
      finish();
    },
  );
  return {
    next: () => {
      const change = queued.shift();
      if (change) queuedBytes -= change.record?.length ?? 0;
      if (change) return Promise.resolve({ value: wrap(change), done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    return: finish,
    throw: (err: unknown) => {
      finish();
      return Promise.reject(err);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** The Subscription fields of a config's schemas. */
export function subscriptionFields(
  schemas: readonly SchemaModel[],
  typesOf: (schema: SchemaModel) => SchemaTypes,
): GraphQLFieldConfigMap<unknown, RequestContext> {
  const fields: GraphQLFieldConfigMap<unknown, RequestContext> = {};
  for (const schema of schemas) {
    const names = graphqlNames(schema.name);
    const type = new GraphQLObjectType({
      name: names.change,
      description: `A change to a ${schema.name} record.`,
      fields: {
        id: {
          type: new GraphQLNonNull(GraphQLID),
          description: 'The change number (increasing, as the SSE feeds number them).',
        },
        event: { type: new GraphQLNonNull(ChangeEvent) },
        record: {
          type: typesOf(schema).object,
          description: 'The record after the change (for `deleted`, as it was); null for `reset`.',
        },
      },
    });
    fields[names.changed] = {
      type: new GraphQLNonNull(type),
      description: `Every change to the ${schema.name} records, in commit order, whoever made it.`,
      subscribe: (_root, _args, context: RequestContext) => changesOf(schema.name, context),
    };
  }
  return fields;
}
