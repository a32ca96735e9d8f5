/**
 * The @faker-js/faker modules the `faker` helper may call (`{{faker 'person.firstName'}}`), listed
 * here so that a config is checked without loading faker; a test compares the list with faker's own.
 */
export const FAKER_MODULES: readonly string[] = [
  'airline',
  'animal',
  'book',
  'color',
  'commerce',
  'company',
  'database',
  'datatype',
  'date',
  'finance',
  'food',
  'git',
  'hacker',
  'image',
  'internet',
  'location',
  'lorem',
  'music',
  'number',
  'person',
  'phone',
  'science',
  'string',
  'system',
  'vehicle',
  'word',
];

/** `module.method`, both plain names. */
export const FAKER_NAME = /^([a-z][A-Za-z]*)\.([a-z][A-Za-z0-9]*)$/;
