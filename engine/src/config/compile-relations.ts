import type { FieldObject } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { FieldModel, RelationModel, SchemaModel } from '../model/service-model.js';
import type { BrokenNames } from './compile-schemas.js';
import { didYouMean } from './did-you-mean.js';
import { warnIgnoredOptions } from './ignored-options.js';
import { withFix } from './fixes.js';
import type { ConfigSource, DocPath } from './source.js';

/** A field written as a mapping, which may declare `references`, `as` and `onDelete`. */
export interface DeclaredReference {
  schema: string;
  field: FieldModel;
  definition: FieldObject;
  at: DocPath;
}

const NUMERIC = new Set(['integer', 'number']);
const sameKind = (a: FieldModel, b: FieldModel): boolean =>
  a.type === b.type || (NUMERIC.has(a.type) && NUMERIC.has(b.type));

/**
 * The field name without the referenced key's name: `authorId` or `author_id` -> `author` (for `id`),
 * `editorSlug` -> `editor` (for `slug`). A name without that suffix is kept (and then collides).
 */
export function expandName(field: string, key: string): string {
  const upper = key.charAt(0).toUpperCase() + key.slice(1);
  for (const suffix of [upper, `_${key}`, key.toUpperCase()]) {
    if (field.endsWith(suffix) && field.length > suffix.length) return field.slice(0, -suffix.length);
  }
  return field;
}

/**
 * Resolves every `references:` once all schemas are built: the referenced schema must exist and the
 * referenced field be its key or unique, of the same type. Each good reference becomes an `_expand`
 * of its schema and an `_embed` of the referenced one (named after the referencing table; a second
 * reference from the same table to the same schema is `<table>.<field>`), and its column gets an
 * index (embeds, cascades and restricts look records up by it).
 */
export function compileRelations(
  source: ConfigSource,
  schemas: ReadonlyMap<string, SchemaModel>,
  declared: readonly DeclaredReference[],
  problems: Problem[],
  broken: BrokenNames,
): void {
  for (const { schema: name, field, definition, at } of declared) {
    const schema = schemas.get(name);
    const label = `${name}.${field.name}`;
    if (definition.references === undefined) {
      warnIgnoredOptions(
        source,
        problems,
        at,
        definition,
        ['as', 'onDelete'],
        'relationOptionWithoutReference',
        (option) => messages.relationOptionWithoutReference(label, option),
      );
      continue;
    }
    if (!schema) continue; // the schema itself was reported
    const refAt = [...at, 'references'];
    const [targetName, keyName] = definition.references.split('.') as [string, string | undefined];
    const target = schemas.get(targetName);
    if (!target) {
      if (broken.has(targetName)) continue;
      const suggestion = didYouMean(targetName, [...schemas.keys()]);
      problems.push(
        withFix(
          source.problemAt(
            refAt,
            'referenceUnknownSchema',
            messages.referenceUnknownSchema(label, targetName, suggestion),
          ),
          suggestion && (keyName ? `${suggestion}.${keyName}` : suggestion),
        ),
      );
      continue;
    }
    const keys = target.fields.filter((f) => f.unique).map((f) => `${targetName}.${f.name}`);
    const key = keyName === undefined ? target.idField : target.fieldMap.get(keyName);
    if (!key?.unique) {
      if (keyName !== undefined && broken.has(`${targetName}.${keyName}`)) continue;
      const what =
        keyName === undefined ? `${targetName} (its id; ${targetName} has none)` : `${targetName}.${keyName}`;
      problems.push(source.problemAt(refAt, 'referenceNotKey', messages.referenceNotKey(label, what, keys)));
      continue;
    }
    if (!sameKind(field, key)) {
      problems.push(
        source.problemAt(
          refAt,
          'referenceTypeMismatch',
          messages.referenceTypeMismatch(label, field.type, `${targetName}.${key.name}`, key.type),
        ),
      );
      continue;
    }
    const as = definition.as ?? expandName(field.name, key.name);
    if (schema.fieldMap.has(as) || schema.expands.has(as)) {
      problems.push(
        source.problemAt(
          definition.as === undefined ? refAt : [...at, 'as'],
          'referenceNameTaken',
          messages.referenceNameTaken(label, as),
        ),
      );
      continue;
    }
    field.references = { schema: targetName, field: key.name, as, onDelete: definition.onDelete };
    schema.lookupColumns.add(field.name);
    (schema.expands as Map<string, RelationModel>).set(as, {
      name: as,
      kind: 'expand',
      column: field.name,
      other: target,
      otherColumn: key.name,
    });
    const embeds = target.embeds as Map<string, RelationModel>;
    const embed = embeds.has(schema.table) ? `${schema.table}.${field.name}` : schema.table;
    embeds.set(embed, {
      name: embed,
      kind: 'embed',
      column: key.name,
      other: schema,
      otherColumn: field.name,
      onDelete: definition.onDelete,
    });
  }
}
