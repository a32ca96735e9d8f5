import { parseDocument } from 'yaml';

/**
 * The config text with `seed.<schema>` replaced by `rows`, everything else (comments, order,
 * formatting) kept as the user wrote it.
 */
export function withSeedRows(configText: string, schema: string, rows: readonly Record<string, unknown>[]): string {
  const doc = parseDocument(configText);
  if (doc.errors.length) throw new Error('The config has YAML errors; fix them before saving rows as seed.');
  const seedRows = doc.createNode(rows, { flow: false });
  for (const item of seedRows.items)
    if (typeof item === 'object' && item !== null && 'flow' in item) (item as { flow: boolean }).flow = true;
  doc.setIn(['seed', schema], seedRows);
  return doc.toString({ lineWidth: 0 });
}
