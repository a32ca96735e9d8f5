import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStudioHandlers, StudioSession, sqliteOf } from '../../engine/src/studio-entry.js';

export interface GridResult {
  rows: number;
  /** ms for one page of 200 rows, by where the page is and how it is sorted or filtered. */
  pages: Record<string, number>;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The data browser's page fetch on a 1,000,000-row table: the grid asks for one page per scroll stop. */
export async function benchGrid(rows = 1_000_000): Promise<GridResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-bench-grid-'));
  const configPath = join(dir, 'grid.yaml');
  writeFileSync(
    configPath,
    'schemas:\n  Person:\n    properties:\n      id: integer\n      name: string\n      age: integer\nendpoints:\n  - resource: Person\n',
  );
  const session = new StudioSession({ configPath, port: 0, watch: false });
  try {
    await session.open();
    const db = sqliteOf(session.engine.store);
    if (!db) throw new Error('no database');
    db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
             INSERT INTO people (name, age) SELECT 'person ' || i, i % 90 FROM n`);
    const api = createStudioHandlers(session);
    const time = async (query: Parameters<(typeof api)['tables.query']>[0]): Promise<number> => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const page = await api['tables.query'](query);
        samples.push(performance.now() - t0);
        if (page.rows.length === 0) throw new Error('empty page');
      }
      return median(samples);
    };
    const last = rows - 200;
    return {
      rows,
      pages: {
        'first page': await time({ table: 'people', offset: 0, limit: 200 }),
        'middle page': await time({ table: 'people', offset: rows / 2, limit: 200 }),
        'last page': await time({ table: 'people', offset: last, limit: 200 }),
        'sorted by name, middle': await time({
          table: 'people',
          offset: rows / 2,
          limit: 200,
          sort: { field: 'name', descending: false },
        }),
        'filtered age_gte=80, first': await time({ table: 'people', offset: 0, limit: 200, filter: 'age_gte=80' }),
        'filtered age_gte=80, next pages': await time({
          table: 'people',
          offset: 5000,
          limit: 200,
          filter: 'age_gte=80',
        }),
      },
    };
  } finally {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
