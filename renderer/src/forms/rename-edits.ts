import type { WrittenSchema } from '../../../shared/src/config-edit/as-written';
import type { TextEdit } from '../../../shared/src/config-edit/index';
import { renameOrigin } from '../../../shared/src/config-edit/renames';
import type { Written } from './form-context';
import { textDiff } from './text-diff';

/** A rename made of several steps as the one edit that turns `text` into `after`: one undo step in the editor. */
export const oneEdit = (text: string, after: string): TextEdit[] => {
  const edit = textDiff(text, after);
  return edit ? [edit] : [];
};

/** The schema as last saved: under its name, or under the name a pending rename came from. */
const savedSchema = (saved: Written | undefined, schema: WrittenSchema): WrittenSchema | undefined =>
  saved?.schemas.find((s) => s.name === schema.name) ?? saved?.schemas.find((s) => s.name === schema.renamedFrom);

/** The `renamedFrom:` a rename of `schema` writes: the name its table has in the database. */
export const schemaOrigin = (saved: Written | undefined, schema: WrittenSchema): string =>
  renameOrigin(schema.name, schema.renamedFrom, saved?.schemas.some((s) => s.name === schema.name) ?? false);

/** The `renamedFrom:` a rename of field `name` of `schema` writes: the name its column has in the database. */
export function fieldOrigin(saved: Written | undefined, schema: WrittenSchema, name: string): string {
  const field = schema.fields.find((f) => f.name === name);
  const savedHas = savedSchema(saved, schema)?.fields.some((f) => f.name === name) ?? false;
  return renameOrigin(name, field?.renamedFrom, savedHas);
}
