/** The scalars beyond GraphQL's own: `DateTime` (ISO-8601 text, as REST answers it) and `JSON` (any value). */
import { GraphQLScalarType, Kind, type ValueNode, valueFromASTUntyped } from 'graphql';
import { storedDateTime } from '../../../shared/src/field-types.js';

const dateTimeOf = (value: unknown): string => {
  const stored = typeof value === 'string' ? storedDateTime(value) : undefined;
  if (stored === undefined)
    throw new TypeError(
      `DateTime must be an ISO-8601 date-time text such as 2024-05-01T12:00:00Z, got ${JSON.stringify(value)}.`,
    );
  return stored;
};

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An instant as ISO-8601 text, answered in UTC to the millisecond (2024-05-01T12:00:00.000Z).',
  serialize: (value) => value,
  parseValue: dateTimeOf,
  parseLiteral: (ast: ValueNode) => {
    if (ast.kind !== Kind.STRING) throw new TypeError('DateTime must be a string such as "2024-05-01T12:00:00Z".');
    return dateTimeOf(ast.value);
  },
});

export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast: ValueNode, variables) => valueFromASTUntyped(ast, variables),
});
