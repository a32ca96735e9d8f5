/** The benchmark's data and config, the same for Mockyard and the baseline. */
export interface SeedUser {
  name: string;
  email: string;
}

export const seedUsers = (): SeedUser[] =>
  Array.from({ length: 100 }, (_, i) => ({ name: `User ${i + 1}`, email: `user${i + 1}@example.com` }));

/**
 * The benchmark's config: /health and the User resource. `dynamic` adds endpoints with templates
 * and rules that the measured requests never call, for the "same targets when other
 * endpoints of the config use templates and rules" (their cost must not reach the plain endpoints).
 */
export function mockyardConfig({ dynamic = false }: { dynamic?: boolean } = {}): string {
  const seed = seedUsers()
    .map((u) => `    - { name: "${u.name}", email: "${u.email}" }`)
    .join('\n');
  const more = dynamic
    ? `  - path: /login
    method: POST
    response:
      inline: { token: "{{uuid}}", user: "{{request.body.user}}", at: "{{now}}" }
    rules:
      - when: { headers.x-slow: { present: true } }
        latency: 5
      - when: { body.password: wrong }
        status: 401
        response:
          inline: { error: "no such user {{request.body.user}}" }
  - path: /hello/:name
    method: GET
    response:
      inline: { greeting: "Hello {{request.params.name}}", tags: "{{#each request.queryAll.tag}}{{this}} {{/each}}" }
`
    : '';
  return `schemas:
  User:
    properties:
      id: integer
      name: string
      email: string
endpoints:
  - path: /health
    method: GET
    response:
      inline: { status: ok }
  - resource: User
${more}seed:
  User:
${seed}
`;
}

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
