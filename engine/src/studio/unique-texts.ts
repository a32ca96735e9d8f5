import type { SchemaModel } from '../model/service-model.js';
import type { TableStore } from '../store/store.js';
import { TimeSlicer } from '../time-slice.js';

/**
 * Makes generated values of unique text fields free: a value the table already holds, or one an
 * earlier generated row took, gets `-2`, `-3`… until it is free (one indexed lookup per value). The
 * generator appends the row number to unique texts, but a row added by hand ("Alice 3") can hold the
 * very text it makes. `skip`: fields whose values come from elsewhere (reference pools). The same
 * table gives the same answer, so a preview shows what Generate will write.
 */
export async function freeUniqueTexts(
  store: TableStore,
  schema: SchemaModel,
  rows: Record<string, unknown>[],
  skip: ReadonlySet<string>,
  slicer = new TimeSlicer(),
): Promise<void> {
  const fields = schema.fields.filter(
    (f) => f.unique && f.type === 'string' && f.autoId === undefined && !skip.has(f.name),
  );
  for (const field of fields) {
    const taken = new Set<string>();
    const free = async (value: string) => !taken.has(value) && (await store.get([field.name], [value])) === undefined;
    for (const row of rows) {
      const value = row[field.name];
      if (typeof value !== 'string') continue;
      let candidate = value;
      for (let n = 2; !(await free(candidate)); n++) candidate = `${value}-${n}`;
      taken.add(candidate);
      row[field.name] = candidate;
      await slicer.pause();
    }
  }
}
