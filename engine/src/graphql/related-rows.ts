/**
 * The related records of a query, loaded in batches: every `author` of a page of posts is one list
 * query (`id IN (…)`), every author's `posts` one more, whatever the page's size. The queries are
 * the store's list queries (the same ListQuery REST's `?authorId=1&authorId=2` parses to), made per
 * request so a batch never sees another request's rows.
 */
import DataLoader from 'dataloader';
import type { SchemaModel } from '../model/service-model.js';
import type { RecordService } from '../records/record-service.js';
import type { ListQuery, QueryValue } from '../list/list-query.js';

export type Row = Record<string, unknown>;

/** The most related records one batch reads (the rows of one relation for one page of parents). */
export const RELATED_ROWS = 1000;

export class RelatedRows {
  private readonly loaders = new Map<string, DataLoader<QueryValue, Row[], string>>();

  constructor(
    private readonly records: RecordService,
    /** Where a batch that was cut says so (the request log). */
    private readonly notes: string[],
  ) {}

  /** The records of `schema` whose `column` equals `value`, gathered with the other values asked for in this turn. */
  where(schema: SchemaModel, column: string, value: QueryValue): Promise<Row[]> {
    const id = `${schema.name}\u0000${column}`;
    let loader = this.loaders.get(id);
    if (!loader) {
      loader = new DataLoader((values) => this.batch(schema, column, values), {
        cacheKeyFn: (v) => `${typeof v}:${String(v)}`,
        maxBatchSize: RELATED_ROWS,
      });
      this.loaders.set(id, loader);
    }
    return loader.load(value);
  }

  private async batch(schema: SchemaModel, column: string, values: readonly QueryValue[]): Promise<Row[][]> {
    const records = this.records.of(schema.name);
    if (!records) return values.map(() => []);
    const query: ListQuery = {
      conditions: [{ kind: 'equals', column, values: [...values], negate: false }],
      sort: [],
      limit: RELATED_ROWS,
      offset: 0,
      page: 1,
      paged: false,
      notes: [],
      window: 'start-limit',
      simpleRest: false,
    };
    const page = await records.list(query);
    const rows = JSON.parse(page.body) as Row[];
    if (page.total > rows.length)
      this.notes.push(`GraphQL: ${schema.name} records by ${column} cut at ${RELATED_ROWS} of ${page.total}`);
    const byValue = new Map<string, Row[]>();
    for (const row of rows) {
      const key = String(row[column]);
      const list = byValue.get(key);
      if (list) list.push(row);
      else byValue.set(key, [row]);
    }
    return values.map((v) => byValue.get(String(v)) ?? []);
  }
}
