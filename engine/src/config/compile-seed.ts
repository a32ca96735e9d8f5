import type { JsonValue } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import { checkRecord } from '../model/record-check.js';
import type { CompileContext } from './compile-context.js';
import { checkSeedReferences, type SeedRow } from './compile-seed-references.js';
import { didYouMean } from './did-you-mean.js';
import { withFix } from './fixes.js';

/** Seed rows per schema, each row checked as a create would check it, its references included. */
export function compileSeed(ctx: CompileContext, raw: unknown): Map<string, Record<string, JsonValue>[]> {
  const { source, schemas, problems, broken } = ctx;
  const seed = new Map<string, Record<string, JsonValue>[]>();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return seed;
  const declared = new Map<string, unknown[]>();
  const goodRows = new Map<string, SeedRow[]>();
  for (const [name, rows] of Object.entries(raw as Record<string, unknown>)) {
    const schema = schemas.get(name);
    if (!schema) {
      if (broken.has(name)) continue; // the schema's own error is reported
      const suggestion = didYouMean(name, [...schemas.keys()]);
      const message = messages.unknownSeedSchema(name, suggestion);
      problems.push(
        withFix(source.problemAt(['seed', name], 'unknownSeedSchema', message, 'error', 'key'), suggestion),
      );
      continue;
    }
    if (!Array.isArray(rows)) continue;
    declared.set(name, rows);
    const good: SeedRow[] = [];
    rows.forEach((row: unknown, index) => {
      // A row that is not a mapping is reported by the structure check.
      if (row === null || typeof row !== 'object' || Array.isArray(row)) return;
      // Values of fields left out of the schema for their own errors are not checked again.
      const checked = Object.fromEntries(Object.entries(row).filter(([field]) => !broken.has(`${name}.${field}`)));
      const result = checkRecord(schema, checked, 'create');
      if (typeof result === 'string') {
        problems.push(
          source.problemAt(
            ['seed', name, index],
            'seedRowInvalid',
            messages.seedRowInvalid(name, index, result.replace(/\.$/, '')),
          ),
        );
      } else {
        good.push({ row: row as Record<string, JsonValue>, index });
      }
    });
    goodRows.set(name, good);
    seed.set(
      name,
      good.map((g) => g.row),
    );
  }
  checkSeedReferences(source, schemas, declared, goodRows, problems);
  return seed;
}
