/**
 * The small pieces the config's zod declarations are written with (config-schema.ts): a description
 * for the editor, an optional key, a bounded integer, and the keys several entries declare alike.
 */
import { z } from 'zod/mini';

/** A schema with its description, which the editor shows on hover and completion. */
export const described = <T extends z.ZodMiniType>(schema: T, description: string): T =>
  schema.check(z.describe(description));

/** An optional key, with its description when given. */
export const optional = <T extends z.ZodMiniType>(schema: T, description?: string): z.ZodMiniOptional<T> =>
  description === undefined ? z.optional(schema) : described(z.optional(schema), description);

/** An integer from `min` (to `max`, when given). */
export const intIn = (min: number, max?: number): z.ZodMiniInt =>
  max === undefined ? z.int().check(z.gte(min)) : z.int().check(z.gte(min), z.lte(max));

/** An HTTP status code. */
export const httpStatus = (): z.ZodMiniInt => intIn(100, 599);

/** `description:`, the free text any entry may carry for the studio. */
export const studioDescription = () => optional(z.string(), 'Free text shown in the studio.');

/** `path:` of an endpoint: its shape, with `examples` of what this kind of endpoint takes. */
export const pathShape = (examples: string): z.ZodMiniString =>
  described(z.string(), `Path shape; a segment starting with \`:\` is a path parameter${examples}.`);
