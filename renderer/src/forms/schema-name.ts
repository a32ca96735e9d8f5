import pluralize from 'pluralize';
import { snakeCase } from '../../../shared/src/table-name';

const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Why `name` will not do as a new schema's name, or undefined: schemas are capitalised singular
 * names (README "Config reference"), e.g. BlogPost; the table is named from it (BlogPost → blog_posts).
 */
export function schemaNameProblem(name: string, existing: readonly string[]): string | undefined {
  if (name === '') return 'Give the schema a name, e.g. BlogPost.';
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) return 'Use letters and digits, starting with a letter (e.g. BlogPost).';
  if (!/^[A-Z]/.test(name)) return `Start with a capital letter: ${capital(name)}.`;
  // The last word names the rows (BlogPosts → blog_posts would be pluralised again).
  const last = snakeCase(name).split('_').pop() ?? '';
  if (!pluralize.isSingular(last)) {
    const head = name.slice(0, name.length - last.length);
    return `Use the singular: ${head}${capital(pluralize.singular(last))}.`;
  }
  if (existing.includes(name)) return `There is already a schema ${name}.`;
  return undefined;
}
