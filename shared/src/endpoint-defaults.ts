/**
 * What an endpoint entry means when it does not say: the operation its method implies and the
 * status each operation answers with. The engine's compiler, the OpenAPI import and the studio's
 * endpoint form all read these, so the placeholder a form shows is what the engine will do.
 */
import type { HttpMethod, Operation } from './config-schema.js';

/** The status each operation answers with unless the entry sets `status:` (a static endpoint: 200). */
export const DEFAULT_STATUS: Readonly<Record<Operation | 'static', number>> = {
  list: 200,
  get: 200,
  create: 201,
  update: 200,
  delete: 204,
  static: 200,
};

/**
 * The operation a schema endpoint's method implies (README "Operation inference"): GET reads a list
 * (an array answer) or one record, POST creates, PATCH and PUT update, DELETE deletes.
 */
export function inferOperation(method: string, isArray: boolean): Operation | undefined {
  switch (method as HttpMethod) {
    case 'GET':
      return isArray ? 'list' : 'get';
    case 'POST':
      return 'create';
    case 'DELETE':
      return 'delete';
    case 'PATCH':
    case 'PUT':
      return 'update';
    default:
      return undefined;
  }
}
