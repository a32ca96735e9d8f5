import type { Page } from './store.js';

/** Pages kept at most, in bytes of their JSON text (a 100-record page of a small schema is ~10 KB). */
const MAX_BYTES = 4 * 1024 * 1024;

/**
 * List pages already read, each with what it was read under (`V`: the database's version or
 * snapshot), so a store can answer an unchanged list again without reading it. Bounded: beyond
 * 4 MiB of JSON the oldest pages go. Each store decides when a kept page is still true
 * (store/sqlite/page-cache.ts, store/postgres/table-store.ts).
 */
export class KeptPages<V> {
  private readonly pages = new Map<string, { page: Page; version: V }>();
  private bytes = 0;

  get(key: string): { page: Page; version: V } | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: Page, version: V): void {
    if (page.body.length > MAX_BYTES) return;
    const replaced = this.pages.get(key);
    if (replaced) {
      this.pages.delete(key);
      this.bytes -= replaced.page.body.length;
    }
    this.pages.set(key, { page, version });
    this.bytes += page.body.length;
    for (const [oldest, kept] of this.pages) {
      if (this.bytes <= MAX_BYTES) break;
      this.pages.delete(oldest);
      this.bytes -= kept.page.body.length;
    }
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }
}
