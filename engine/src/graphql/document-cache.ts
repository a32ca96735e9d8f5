import type { DocumentNode } from 'graphql';

/** Most documents kept, and the longest query text kept: at most 256 × 8 KiB of text, a few MiB of syntax trees. */
const MAX_DOCUMENTS = 256;
const MAX_QUERY_LENGTH = 8 * 1024;

/**
 * The documents of one schema version that parsed, passed the limits and validated, by their query
 * text: a client sends the same few queries again and again, and these need not be parsed and
 * validated again (as GraphQL servers commonly do). Bounded in count and size; the oldest goes first.
 * A new config version builds a new endpoint, so a document is never reused against another schema.
 */
export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();

  get(query: string): DocumentNode | undefined {
    return this.documents.get(query);
  }

  set(query: string, document: DocumentNode): void {
    if (query.length > MAX_QUERY_LENGTH) return;
    if (this.documents.size >= MAX_DOCUMENTS) {
      const oldest = this.documents.keys().next().value;
      if (oldest !== undefined) this.documents.delete(oldest);
    }
    this.documents.set(query, document);
  }
}
