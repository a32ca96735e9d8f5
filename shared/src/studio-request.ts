/**
 * What a request sent from the studio (Try it, a log replay) may carry: one list of methods and one
 * list of headers the sending side sets itself, for the engine that sends and the panel that edits.
 */

import { HTTP_METHODS } from './config-schema.js';

/** Methods a studio request may use: the config's methods, plus the two a browser sends on its own. */
export const SENDABLE_METHODS = [...HTTP_METHODS, 'HEAD', 'OPTIONS'] as const;

/** Headers the studio does not pass on (and does not offer to edit): the client and the socket set them. */
export const SET_BY_CLIENT: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'accept-encoding',
]);
