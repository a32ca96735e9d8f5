import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { RenameModel, SchemaModel } from '../model/service-model.js';
import { tableNameFor } from '../model/table-name.js';
import type { ConfigSource } from './source.js';

const SCHEMA_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** A schema's `renamedFrom:` (its old name and table), when it declares a well-formed one (the structure check reports others). */
export function schemaRename(
  source: ConfigSource,
  at: (string | number)[],
  value: unknown,
): { renamedFrom?: RenameModel } {
  const from = (value as { renamedFrom?: unknown } | null)?.renamedFrom;
  if (typeof from !== 'string' || !SCHEMA_NAME.test(from)) return {};
  return { renamedFrom: { from, table: tableNameFor(from), range: source.rangeOf([...at, 'renamedFrom'], 'value') } };
}

/**
 * A rename needs its old name gone from the config: `renamedFrom: Person` beside a declared `Person`
 * (or a schema with Person's table), `renamedFrom: name` beside a field `name`, or two renames from
 * one old name would make the migration guess which one the data belongs to. Each is an error at
 * the `renamedFrom` value.
 */
export function checkRenames(
  source: ConfigSource,
  schemas: ReadonlyMap<string, SchemaModel>,
  problems: Problem[],
): void {
  const tables = new Map([...schemas.values()].map((s) => [s.table, s.name]));
  const schemaFroms = new Map<string, string>();
  for (const schema of schemas.values()) {
    const rename = schema.renamedFrom;
    if (rename) {
      const existing =
        tables.get(rename.table ?? '') ?? (schemas.has(rename.from) ? rename.from : schemaFroms.get(rename.from));
      if (existing !== undefined) {
        const what = schemaFroms.get(rename.from) === existing ? `the rename of ${existing}` : `schema ${existing}`;
        problems.push(renameProblem(source, ['schemas', schema.name, 'renamedFrom'], rename, schema.name, what));
      } else schemaFroms.set(rename.from, schema.name);
    }
    const fieldFroms = new Map<string, string>();
    for (const field of schema.fields) {
      const from = field.renamedFrom;
      if (!from) continue;
      const where = `${schema.name}.${field.name}`;
      const at = ['schemas', schema.name, 'properties', field.name, 'renamedFrom'];
      if (schema.fieldMap.has(from.from))
        problems.push(renameProblem(source, at, from, where, `the field ${schema.name}.${from.from}`));
      else if (fieldFroms.has(from.from))
        problems.push(
          renameProblem(source, at, from, where, `the rename of ${schema.name}.${fieldFroms.get(from.from)}`),
        );
      else fieldFroms.set(from.from, field.name);
    }
  }
}

function renameProblem(
  source: ConfigSource,
  at: (string | number)[],
  rename: RenameModel,
  where: string,
  existing: string,
): Problem {
  return source.problemAt(at, 'renameCollision', messages.renameCollision(where, rename.from, existing));
}
