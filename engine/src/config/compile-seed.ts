import type { JsonValue } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { SchemaModel } from '../model.js';
import { checkRecord } from '../store/record-check.js';
import type { YamlSource } from './yaml-source.js';

/** Seed rows per schema, each row checked as a create would check it. */
export function compileSeed(
  source: YamlSource,
  raw: unknown,
  schemas: ReadonlyMap<string, SchemaModel>,
  problems: Problem[],
): Map<string, Record<string, JsonValue>[]> {
  const seed = new Map<string, Record<string, JsonValue>[]>();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return seed;
  for (const [name, rows] of Object.entries(raw as Record<string, unknown>)) {
    const schema = schemas.get(name);
    if (!schema) {
      problems.push(source.problemAt(['seed', name], 'unknownSeedSchema', messages.unknownSeedSchema(name), 'error', 'key'));
      continue;
    }
    if (!Array.isArray(rows)) continue;
    const good: Record<string, JsonValue>[] = [];
    rows.forEach((row: unknown, index) => {
      const result = checkRecord(schema, row, 'create');
      if (typeof result === 'string') {
        problems.push(source.problemAt(['seed', name, index], 'seedRowInvalid', messages.seedRowInvalid(name, index, result.replace(/\.$/, ''))));
      } else {
        good.push(row as Record<string, JsonValue>);
      }
    });
    seed.set(name, good);
  }
  return seed;
}
