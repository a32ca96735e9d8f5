import pluralize from 'pluralize';

/**
 * Names already worked out: a reload asks again for every schema's (and every endpoint's), and
 * pluralize's rules are a few hundred regular expressions. Cleared when full (names are few).
 */
const snakeNames = new Map<string, string>();
const tableNames = new Map<string, string>();
const MAX_REMEMBERED = 2000;

function remembered(names: Map<string, string>, name: string, make: (name: string) => string): string {
  let result = names.get(name);
  if (result === undefined) {
    if (names.size >= MAX_REMEMBERED) names.clear();
    result = make(name);
    names.set(name, result);
  }
  return result;
}

/** `BlogPost` -> `blog_post`, `HTTPRequest` -> `http_request`. */
export function snakeCase(name: string): string {
  return remembered(snakeNames, name, (n) =>
    n
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .replace(/[-\s]+/g, '_')
      .toLowerCase(),
  );
}

/**
 * The table a schema is stored in: snake_case, last word pluralised.
 * @example tableNameFor('Person') === 'people'; tableNameFor('BlogPost') === 'blog_posts'
 */
export function tableNameFor(schemaName: string): string {
  return remembered(tableNames, schemaName, (name) => {
    const words = snakeCase(name).split('_');
    const last = words.pop() ?? '';
    return [...words, pluralize.plural(last)].join('_');
  });
}
