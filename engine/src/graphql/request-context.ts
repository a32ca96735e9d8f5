import type { RecordService } from '../records/record-service.js';
import type { RelatedRows } from './related-rows.js';

/** What a GraphQL request's resolvers share: its version's records, its relation batches, and its log notes. */
export interface RequestContext {
  records: RecordService;
  related: RelatedRows;
  notes: string[];
}
