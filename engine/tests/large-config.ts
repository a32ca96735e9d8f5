// The benchmark's hot-reload config (bench/src/fixtures.ts re-exports it), also read by the tests of
// the item-by-item config reading.

/**
 * A config with `schemas * 5 + 1` endpoints (list, get, create, update, delete per schema, and
 * `/variant<variant>`). `fields` names an extra field in every schema: change it to make a reload
 * migrate every table.
 */
export function largeConfig(schemas: number, variant: number, fields = 0): string {
  const lines = ['schemas:'];
  for (let i = 0; i < schemas; i++)
    lines.push(
      `  Thing${i}:`,
      '    properties:',
      '      id: integer',
      '      name: string',
      `      extra${fields}: string`,
    );
  lines.push('endpoints:');
  for (let i = 0; i < schemas; i++) {
    const base = `/things${i}`;
    lines.push(
      `  - { path: ${base}, method: GET, response: { schema: Thing${i}, type: array } }`,
      `  - { path: ${base}/:id, method: GET, response: { schema: Thing${i} } }`,
      `  - { path: ${base}, method: POST, response: { schema: Thing${i} } }`,
      `  - { path: ${base}/:id, method: PATCH, response: { schema: Thing${i} } }`,
      `  - { path: ${base}/:id, method: DELETE, response: { schema: Thing${i} } }`,
    );
  }
  lines.push(`  - { path: /variant${variant}, method: GET, response: { inline: { variant: ${variant} } } }`);
  return `${lines.join('\n')}\n`;
}
