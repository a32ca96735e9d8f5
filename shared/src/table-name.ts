import pluralize from 'pluralize';

/** `BlogPost` -> `blog_post`, `HTTPRequest` -> `http_request`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

/**
 * The table a schema is stored in: snake_case, last word pluralised.
 * @example tableNameFor('Person') === 'people'; tableNameFor('BlogPost') === 'blog_posts'
 */
export function tableNameFor(schemaName: string): string {
  const words = snakeCase(schemaName).split('_');
  const last = words.pop() ?? '';
  return [...words, pluralize.plural(last)].join('_');
}
