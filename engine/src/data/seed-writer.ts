import { Document, isMap } from 'yaml';
import { editConfig } from '../config/edit-config.js';

/**
 * The config text with `seed.<schema>` replaced by `rows`: only that node's text changes, so
 * comments and the style of everything else (`tags: [intro]` elsewhere stays unpadded) are kept.
 */
export function withSeedRows(configText: string, schema: string, rows: readonly Record<string, unknown>[]): string {
  const seedRows = new Document().createNode(rows, { flow: false });
  // One row per line, each a flow map: the way people write seed rows by hand.
  for (const item of seedRows.items) if (isMap(item)) item.flow = true;
  return editConfig(configText, 'saving rows as seed', ['seed', schema], seedRows);
}
