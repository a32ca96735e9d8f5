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

/** The reload section's config (kept beside the tests that read it the same way). */
export { largeConfig } from '../../engine/tests/large-config.js';
