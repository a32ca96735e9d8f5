import { editConfig } from '../config/edit-config.js';

/**
 * The config text with `seed.<schema>` replaced by `rows`, everything else (comments, order,
 * formatting) kept as the user wrote it.
 */
export function withSeedRows(configText: string, schema: string, rows: readonly Record<string, unknown>[]): string {
  return editConfig(configText, 'saving rows as seed', (doc) => {
    const seedRows = doc.createNode(rows, { flow: false });
    // One row per line, each a flow map: the way people write seed rows by hand.
    for (const item of seedRows.items)
      if (typeof item === 'object' && item !== null && 'flow' in item) (item as { flow: boolean }).flow = true;
    doc.setIn(['seed', schema], seedRows);
  });
}
