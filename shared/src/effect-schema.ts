/** `latency:` and `fault:`, the effects an endpoint, a rule or the server may add to an answer. */
import { z } from 'zod/mini';
import { described, httpStatus, intIn, optional } from './schema-parts.js';

export const LatencySchema = described(
  z.union([intIn(0, 60_000), z.strictObject({ min: intIn(0, 60_000), max: intIn(0, 60_000) })]),
  'Delay before each response, in ms: a number, or { min, max } for a random delay.',
);

export const FAULT_KINDS = ['reset', 'empty'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FaultSchema = described(
  z.strictObject({
    rate: optional(
      z.number().check(z.gte(0), z.lte(1)),
      'Share of requests that fail, 0 to 1. Default 1 (every request).',
    ),
    status: optional(httpStatus(), 'Answer this error status instead of the response.'),
    kind: optional(z.enum(FAULT_KINDS), '`reset` drops the connection; `empty` closes it without a response.'),
  }),
  'Inject a fault: { rate, status } answers an error; { rate, kind: reset | empty } breaks the connection.',
);
