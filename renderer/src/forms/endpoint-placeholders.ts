import { DEFAULT_STATUS, inferOperation } from '../../../shared/src/endpoint-defaults';

/** What the engine does with an endpoint's empty Operation and Status fields, said as placeholders. */
export function placeholders(value: Record<string, unknown>): { operation: string; status: string; key: string } {
  const response = (value.response ?? {}) as { inline?: unknown; type?: unknown };
  if (response.inline !== undefined)
    return { operation: 'static', status: `${DEFAULT_STATUS.static} (default)`, key: '' };
  const declared = typeof value.operation === 'string' ? value.operation : undefined;
  const inferred = inferOperation(String(value.method ?? ''), response.type === 'array');
  const operation = declared ?? inferred;
  const params = typeof value.path === 'string' ? [...value.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)] : [];
  const last = params.at(-1)?.[1];
  return {
    operation: inferred ? `${inferred} (inferred)` : 'inferred from the method',
    status:
      operation && operation in DEFAULT_STATUS
        ? `${DEFAULT_STATUS[operation as keyof typeof DEFAULT_STATUS]} (default for ${operation})`
        : 'default for the operation',
    key: last ? `${last} (last :param)` : 'the last :param',
  };
}
