import { z } from 'zod/mini';
import {
  type Config,
  ConfigSchema,
  type EndpointEntry,
  EndpointEntrySchema,
  type SchemaDefinition,
  SchemaDefinitionSchema,
} from '../../../shared/src/config-schema.js';
import { deepFreeze } from './deep-freeze.js';

/** The config's other sections (server, seed…), checked as the whole config checks them. */
const { endpoints: _endpoints, schemas: _schemas, ...restShape } = ConfigSchema.shape;
const RestSchema = z.strictObject(restShape);

/**
 * Endpoint entries and schema definitions already checked, by their value. Only frozen values are
 * kept: those are the items a text shares with the texts read before it (fast-parts.ts), which
 * cannot change, so the same value always checks the same. A reload checks only the items it changed.
 */
const endpoints = new WeakMap<object, EndpointEntry>();
const schemas = new WeakMap<object, SchemaDefinition>();

/** An item checked by `schema`, from `known` when it was checked before; undefined when it does not fit. */
function checkItem<T>(value: unknown, schema: z.ZodMiniType<T>, known: WeakMap<object, T>): T | undefined {
  const kept = value !== null && typeof value === 'object' && Object.isFrozen(value);
  const before = kept ? known.get(value) : undefined;
  if (before !== undefined) return before;
  const result = schema.safeParse(value);
  if (!result.success) return undefined;
  if (kept) {
    // Shared by every later config with this item, like the value it was checked from: nothing may change it.
    deepFreeze(result.data);
    known.set(value, result.data);
  }
  return result.data;
}

/**
 * The config as ConfigSchema would check it, checking each endpoint and schema on its own (and only
 * once while it stays the same); undefined when anything does not fit, for ConfigSchema to say what.
 * ConfigSchema's parts have no transforms or refinements across items, so checking item by item finds
 * what the whole check finds.
 */
export function checkByItems(value: Record<string, unknown>): Config | undefined {
  const { endpoints: entries, schemas: definitions, ...rest } = value;
  if (!Array.isArray(entries)) return undefined;
  const checkedEndpoints: EndpointEntry[] = [];
  for (const entry of entries) {
    const checked = checkItem(entry, EndpointEntrySchema, endpoints);
    if (checked === undefined) return undefined;
    checkedEndpoints.push(checked);
  }
  let checkedSchemas: Record<string, SchemaDefinition> | undefined;
  if (definitions !== undefined) {
    if (definitions === null || typeof definitions !== 'object' || Array.isArray(definitions)) return undefined;
    checkedSchemas = {};
    for (const [name, definition] of Object.entries(definitions)) {
      if (name === '__proto__') return undefined;
      const checked = checkItem(definition, SchemaDefinitionSchema, schemas);
      if (checked === undefined) return undefined;
      checkedSchemas[name] = checked;
    }
  }
  const others = RestSchema.safeParse(rest);
  if (!others.success) return undefined;
  return { ...others.data, ...(checkedSchemas ? { schemas: checkedSchemas } : {}), endpoints: checkedEndpoints };
}
