/** Where a condition can look: the endpoint's parameters, the schema's fields, and the open roots. */
export function targetSuggestions(
  params: readonly string[],
  fields: readonly string[],
  scenarios: readonly string[] = [],
): string[] {
  return [
    ...params.map((p) => `params.${p}`),
    ...fields.map((f) => `body.${f}`),
    ...scenarios.map((s) => `scenario.${s}`),
    'query.',
    'headers.',
    'body.',
    'method',
  ];
}
