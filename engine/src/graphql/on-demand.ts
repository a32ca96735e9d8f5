/**
 * The GraphQL endpoint of a runtime, loaded with graphql-js on its first request: most mocks never
 * get one, and the CLI's startup does not pay for the library.
 */
import type { GraphQLSchema } from 'graphql';
import type { Exchange } from '../http/exchange.js';
import type { Reply } from '../http/reply.js';
import type { ServiceModel } from '../model/service-model.js';
import type { RecordService } from '../records/record-service.js';
import type { GraphqlEndpoint } from './endpoint.js';

export class GraphqlOnDemand {
  private endpoint: GraphqlEndpoint | undefined;
  private loading: Promise<GraphqlEndpoint> | undefined;

  constructor(
    /** The endpoint's path, e.g. `/graphql`. */
    readonly path: string,
    private readonly model: ServiceModel,
    /** This version's records (subscriptions' relation fields read them). */
    readonly records: RecordService,
    private readonly onError: (err: unknown) => void,
  ) {}

  run(exchange: Exchange): Reply | Promise<Reply> {
    return this.endpoint ? this.endpoint.run(exchange) : this.load().then((e) => e.run(exchange));
  }

  /** This version's schema (the realtime transports run subscriptions on it). */
  schema(): Promise<GraphQLSchema> {
    return this.load().then((e) => e.schema());
  }

  private load(): Promise<GraphqlEndpoint> {
    this.loading ??= import('./endpoint.js').then(({ GraphqlEndpoint }) => {
      this.endpoint = new GraphqlEndpoint(this.path, this.model, this.records, this.onError);
      return this.endpoint;
    });
    return this.loading;
  }
}
