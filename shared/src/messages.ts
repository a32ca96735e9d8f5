import { redactPasswords } from './database-url.js';

/**
 * Every problem and HTTP error Mockyard reports, as a code plus the sentence a user reads.
 * Adapters (CLI, studio) show the message; tests and tools match on the code.
 */
const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
const didYouMean = (suggestion: string | undefined): string => (suggestion ? ` Did you mean '${suggestion}'?` : '');

export const messages = {
  yamlSyntax: (detail: string) => `YAML syntax error: ${detail}`,
  yamlNotMapping: () => 'The config must be a YAML mapping with `schemas:` and `endpoints:`.',
  unknownField: (field: string, where: string, suggestion?: string) =>
    `Unknown field '${field}' in ${where}.${didYouMean(suggestion)}`,
  missingField: (field: string, where: string) => `Missing required field '${field}' in ${where}.`,
  wrongType: (where: string, expected: string, received: string) => `${where} must be ${expected}, not ${received}.`,
  unknownMethod: (method: string, suggestion?: string) =>
    `Unknown method '${method}'. Use GET, POST, PATCH, PUT or DELETE.${didYouMean(suggestion)}`,
  unknownFieldType: (type: string, where: string, allowed: readonly string[], suggestion?: string) =>
    `Unknown field type '${type}' for ${where}. Use ${list(allowed)}.${didYouMean(suggestion)}`,
  unknownOperation: (op: string, allowed: readonly string[], suggestion?: string) =>
    `Unknown operation '${op}'. Use ${list(allowed)}.${didYouMean(suggestion)}`,
  responseTypeNotArray: (value: string) =>
    `Response type '${value}' is not supported: the only type is 'array' (a list of records).`,
  statusOutOfRange: (endpoint: string, status: number) =>
    `Status ${status} of endpoint ${endpoint} is outside 100–599.`,
  outOfRange: (where: string, min: number | undefined, max: number | undefined) =>
    `${where} must be ${min !== undefined && max !== undefined ? `between ${min} and ${max}` : min !== undefined ? `at least ${min}` : `at most ${max}`}.`,
  unknownSchema: (endpoint: string, schema: string, suggestion?: string) =>
    `Endpoint ${endpoint} references unknown schema '${schema}'. Define it under \`schemas:\`.${didYouMean(suggestion)}`,
  unknownSeedSchema: (schema: string, suggestion?: string) =>
    `Seed rows for unknown schema '${schema}'. Define it under \`schemas:\`.${didYouMean(suggestion)}`,
  schemaAndInline: (endpoint: string) =>
    `Endpoint ${endpoint} has both \`schema\` and \`inline\` in its response; use one.`,
  neitherSchemaNorInline: (endpoint: string) =>
    `Endpoint ${endpoint} needs \`schema\` (database-backed) or \`inline\` (static JSON) in its response.`,
  duplicateRoute: (endpoint: string, line: number) =>
    `Duplicate endpoint ${endpoint}: it is already declared on line ${line}.`,
  keyNotAField: (endpoint: string, key: string, schema: string, fields: readonly string[], suggestion?: string) =>
    `Endpoint ${endpoint} looks up by '${key}', which is not a field of ${schema} (fields: ${fields.join(', ')}).${didYouMean(suggestion)}`,
  paramNotAField: (endpoint: string, param: string, schema: string, fields: readonly string[]) =>
    `Path parameter ':${param}' of endpoint ${endpoint} is not a field of ${schema} (fields: ${fields.join(', ')}).`,
  keyNotLookupType: (endpoint: string, key: string, type: string) =>
    `Endpoint ${endpoint} looks up by '${key}', a ${type} field; keys must be string, number, integer or datetime fields.`,
  operationMismatch: (endpoint: string, operation: string, expected: string) =>
    `Operation '${operation}' does not fit endpoint ${endpoint}: ${expected}.`,
  getWithoutParam: (endpoint: string, schema: string) =>
    `Endpoint ${endpoint} returns one ${schema} but its path has no parameter to find it by. Add \`type: array\` to return a list, or a parameter such as /:id.`,
  arrayOnWrite: (endpoint: string) => `Endpoint ${endpoint} changes one record, so \`type: array\` does not fit it.`,
  inlineWithSchemaOptions: (endpoint: string, field: string) =>
    `Endpoint ${endpoint} is static (\`inline\`), so \`${field}\` has no effect.`,
  invalidPath: (path: string, reason: string) => `Path '${path}' is not valid: ${reason}.`,
  reservedPath: (path: string) => `Path '${path}' is under /__mockyard/, which is reserved for the admin API.`,
  invalidFieldName: (schema: string, field: string) =>
    `Field name '${field}' of ${schema} is not valid: use letters, digits and _ and start with a letter or _.`,
  reservedFieldName: (schema: string, field: string) =>
    `Field name '${field}' of ${schema} is a name every JavaScript object has; choose another.`,
  invalidSchemaName: (schema: string) =>
    `Schema name '${schema}' is not valid: use letters and digits, starting with a letter (e.g. BlogPost).`,
  schemaNameNotCapitalised: (schema: string, suggestion: string) =>
    `Schema name '${schema}' should be a capitalised singular name, e.g. '${suggestion}'.`,
  tableCollision: (schema: string, other: string, table: string) =>
    `Schemas ${schema} and ${other} both map to table '${table}'; rename one.`,
  noProperties: (schema: string) => `Schema ${schema} has no properties; add at least one field.`,
  defaultWrongType: (where: string, problem: string) => `Default of ${where} ${problem}.`,
  resourceKeyNotAField: (schema: string, key: string, fields: readonly string[], suggestion?: string) =>
    `Resource ${schema} uses key '${key}', which is not a field of ${schema} (fields: ${fields.join(', ')}).${didYouMean(suggestion)}`,
  resourceKeyNotLookupType: (schema: string, key: string, type: string) =>
    `Resource ${schema} uses key '${key}', a ${type} field; keys must be string, number, integer or datetime fields.`,
  duplicateKey: (key: string, line: number) =>
    `Duplicate key '${key}': it is already set on line ${line} of the same mapping.`,
  configTooLarge: (mib: number) => `The config is larger than ${mib} MiB; split out the seed data.`,
  resourceWithoutKey: (schema: string) =>
    `Resource ${schema} has no 'id' field to use in /:id; add \`key:\` naming one of its fields.`,
  seedRowInvalid: (schema: string, index: number, problem: string) => `Seed row ${index + 1} of ${schema}: ${problem}.`,
  seedReferenceMissing: (
    schema: string,
    index: number,
    field: string,
    value: string,
    target: string,
    key: string,
    seeded: readonly string[],
  ) =>
    `Seed row ${index + 1} of ${schema}: ${field} ${value} refers to no ${target} (seed ${key}s: ${seeded.length ? seeded.join(', ') : 'none known'}).`,
  latencyMinAboveMax: () => 'Latency `min` must not be greater than `max`.',
  hiddenColumn: (table: string, column: string) =>
    `Column '${column}' of table '${table}' is no longer a field; its data is kept but hidden.`,
  undeclaredRename: (table: string, column: string, field: string) =>
    `Column '${column}' of table '${table}' is no longer a field; its data is kept but hidden. If '${field}' is '${column}' renamed, add \`renamedFrom: ${column}\` to '${field}' to carry the data over.`,
  renameCollision: (where: string, from: string, existing: string) =>
    `\`renamedFrom: ${from}\` on ${where} collides with ${existing}, which the config still declares; a rename needs the old name gone.`,
  renameTargetTaken: (what: string, from: string, to: string, rows: number) =>
    `Cannot rename ${what} '${from}' to '${to}': '${to}' already holds data in ${rows} row${rows === 1 ? '' : 's'}. Move or delete it (or remove \`renamedFrom\`) and reload.`,
  migrationFailed: (table: string, detail: string) => `Could not migrate table '${table}': ${detail}`,
  // A PostgreSQL URL's password never reaches a terminal, a CI log or the studio.
  databaseOpenFailed: (file: string, detail: string) => redactPasswords(`Could not open database ${file}: ${detail}`),
  noEndpoints: () => 'No endpoints are declared; the server will answer 404 to everything.',
  bindPublic: (host: string) =>
    `Listening on ${host} makes the mock reachable from other machines; use 127.0.0.1 unless you mean it.`,
  template: (endpoint: string, detail: string) => `In a template of endpoint ${endpoint}: ${detail}`,
  bodyAndInline: (endpoint: string) =>
    `Endpoint ${endpoint} has both \`inline\` and \`body\` in its response; use one.`,
  bodyWithSchema: (endpoint: string) =>
    `Endpoint ${endpoint} is database-backed (\`schema\`), so it cannot have a \`body\` template; use a rule's response.`,
  contentTypeWithoutBody: (endpoint: string) =>
    `Endpoint ${endpoint} sets \`contentType\` without a \`body\` template; inline responses are JSON.`,
  invalidHeaderName: (name: string) =>
    `Header name '${name}' is not valid: use letters, digits and - (no spaces or colons).`,
  invalidHeaderValue: (name: string) =>
    `The value of header '${name}' has a character HTTP headers cannot carry (a control character or one outside Latin-1, e.g. € or an emoji); percent-encode it.`,
  faultKindAndStatus: () => 'A fault has either `status` (an error answer) or `kind` (reset or empty), not both.',
  faultWithoutEffect: () =>
    'A fault needs `status` (e.g. 503) or `kind` (reset drops the connection, empty closes it without a response).',
  ruleUnknownTarget: (target: string, suggestion?: string) =>
    `Unknown rule target '${target}'. Use params.<name>, query.<name>, headers.<name>, body.<path>, scenario.<name> or method.${didYouMean(suggestion)}`,
  unknownScenario: (name: string, known: readonly string[]) =>
    `Unknown scenario '${name}': ${known.length ? `the config's scenarios: are ${known.join(', ')}` : 'declare it under `scenarios:` with its start state'}.`,
  callbackUrlOrigin: (url: string) =>
    `Callback URL '${url}' must start with a written-out origin (http://host:port/): templates may fill only its path and query.`,
  ruleUnknownParam: (endpoint: string, param: string, params: readonly string[]) =>
    `Rule condition on 'params.${param}', but endpoint ${endpoint} has ${params.length ? `only the parameters ${params.map((p) => `:${p}`).join(', ')}` : 'no path parameters'}.`,
  ruleBodyNotAField: (field: string, schema: string, fields: readonly string[], suggestion?: string) =>
    `Rule condition on body field '${field}', which ${schema} does not have (fields: ${fields.join(', ')}).${didYouMean(suggestion)}`,
  ruleBadPath: (target: string) =>
    `Rule target '${target}' is not a valid path: use names separated by dots, and [n] for list items (body.items[0].id).`,
  ruleEmptyCondition: (target: string) =>
    `The condition on '${target}' has no operator; use a value, or regex, in, present, gt, gte, lt or lte.`,
  ruleBadRegex: (target: string, detail: string) => `The regex of '${target}' is not valid: ${detail}.`,
  ruleResponseBodyAndInline: () => 'A rule response has both `inline` and `body`; use one.',
  referenceUnknownSchema: (field: string, schema: string, suggestion?: string) =>
    `Field ${field} references unknown schema '${schema}'. Define it under \`schemas:\`.${didYouMean(suggestion)}`,
  referenceNotKey: (field: string, target: string, keys: readonly string[]) =>
    `Field ${field} references ${target}, which is neither the key nor a unique field${keys.length ? ` (use ${list(keys)})` : ''}.`,
  referenceTypeMismatch: (field: string, type: string, target: string, targetType: string) =>
    `Field ${field} is ${type} but references ${target}, which is ${targetType}; give them the same type.`,
  referenceNameTaken: (field: string, name: string) =>
    `Field ${field} expands as '${name}', which is already a field of the schema; set \`as:\` to another name.`,
  unknownOnDelete: (value: string, field: string, suggestion?: string) =>
    `Unknown onDelete '${value}' for ${field}. Use cascade or restrict (or leave it out to allow the delete).${didYouMean(suggestion)}`,
  invalidReference: (field: string, option: string, value: string) =>
    option === 'references'
      ? `Field ${field} references '${value}'; write a schema name (User) or a schema and field (User.slug).`
      : `Field ${field} has \`as: ${value}\`; use a name of letters, digits and _.`,
  relationOptionWithoutReference: (field: string, option: string) =>
    `Field ${field} sets \`${option}\` without \`references\`; it has no effect.`,
} as const;

/** Messages of HTTP error bodies (`{ "error": ... }`). */
export const httpMessages = {
  notFound: 'Not found',
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    `Method ${method} is not allowed here; use ${list(allowed)}.`,
  malformedJson: (detail: string) => `Malformed JSON in request body: ${detail}`,
  emptyBody: () => 'Request body is empty; expected a JSON object.',
  bodyNotObject: (received: string) => `Request body must be a JSON object, not ${received}.`,
  unsupportedMediaType: (type: string) => `Unsupported Content-Type '${type}'; send application/json.`,
  bodyTooLarge: (limit: number) => `Request body is larger than the limit of ${limit} bytes.`,
  fieldWrongType: (field: string, expected: string, received: string) =>
    `Field '${field}' must be ${expected}, not ${received}.`,
  fieldRequired: (field: string) => `Field '${field}' is required.`,
  fieldUnknown: (field: string, schema: string, fields: readonly string[]) =>
    `Field '${field}' is not in schema ${schema} (fields: ${fields.join(', ')}).`,
  keyMismatch: (field: string, bodyValue: string, pathValue: string) =>
    `Field '${field}' is ${bodyValue} in the body but ${pathValue} in the path.`,
  conflict: (schema: string, field: string, value: string) => `A ${schema} with ${field} ${value} already exists.`,
  queryWrongType: (param: string, expected: string, value: string) =>
    `Query parameter '${param}' must be ${expected}, not '${value}'.`,
  keyEmpty: (field: string) => `Field '${field}' is a key a path looks records up by; it must not be empty.`,
  pathWrongType: (param: string, expected: string, value: string) =>
    `Path parameter '${param}' must be ${expected}, not '${value}'.`,
  sortUnknownField: (field: string, schema: string) => `Cannot sort by '${field}': it is not a field of ${schema}.`,
  unknownRelation: (param: string, name: string, schema: string, known: readonly string[]) =>
    `Cannot ${param} '${name}': ${schema} has ${known.length ? `only ${list(known)} to ${param.slice(1)}` : `nothing to ${param.slice(1)}`}.`,
  referenceMissing: (field: string, value: string, schema: string, key: string) =>
    `Field '${field}' is ${value}, but there is no ${schema} with ${key} ${value}.`,
  deleteRestricted: (schema: string, referrer: string) =>
    `Cannot delete this ${schema}: ${referrer} references it (onDelete: restrict).`,
  queryConflict: (first: string, second: string, hint: string) =>
    `Query parameters '${first}' and '${second}' cannot be combined; ${hint}.`,
  unforwardable: () =>
    'This request target cannot be forwarded to the proxy: it must be a path starting with a single / and without backslashes.',
  notAcceptable: () => 'Not acceptable: this endpoint answers application/json or application/xml.',
  unauthorized: () => 'Missing or wrong admin token; send Authorization: Bearer <token>.',
  internal: () => 'Internal server error',
  noConfigLoaded: () => 'No config is loaded.',
  storeFull: () => 'The database disk is full; nothing was written.',
  idsExhausted: (schema: string) =>
    `No automatic id is left for ${schema}: the next would pass ${Number.MAX_SAFE_INTEGER} (2^53 − 1), the largest integer a JSON client reads exactly; nothing was written. Give the id yourself, delete the records with the largest ids and reset, or reset the data.`,
  storeFileGone: (file: string) =>
    `The database file ${file} was deleted or moved while the mock was running; writes are refused until it is back (or restart the mock to start a new one).`,
  storeBusy: () => 'The database is busy (locked by another process); try again.',
  poolBusy: () =>
    'The database is busy: every connection to PostgreSQL stayed in use while this request waited for one; try again.',
  storeDamaged: () =>
    'The database file is damaged where this record lives; Mockyard leaves the file as it is (restore it from a copy, or point --db at a new file).',
} as const;
