/**
 * A config made from a large description must still fit the config size limit (5 MiB): what the
 * description only documents is shed first (field descriptions, then schema descriptions), then the
 * seed its examples made, each listed as not carried over. What still does not fit is refused with
 * an error that says so; nothing is written.
 */
import { MAX_CONFIG_BYTES } from '../config/source.js';
import type { Converted, Skipped } from './convert.js';

type Config = Converted['config'];

const MIB = 1024 * 1024;
const mib = (bytes: number): string => (bytes / MIB).toFixed(1);

/** Removes field descriptions; whether there were any. */
function dropFieldDescriptions(config: Config): boolean {
  let dropped = false;
  for (const schema of Object.values(config.schemas))
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      if (typeof field !== 'object' || field.description === undefined) continue;
      const { description: _description, ...rest } = field;
      dropped = true;
      (schema.properties as Record<string, unknown>)[name] =
        Object.keys(rest).length === 1 && rest.type !== undefined ? rest.type : rest;
    }
  return dropped;
}

function dropSchemaDescriptions(config: Config): boolean {
  let dropped = false;
  for (const schema of Object.values(config.schemas))
    if (schema.description !== undefined) {
      delete schema.description;
      dropped = true;
    }
  return dropped;
}

function dropSeed(config: Config): boolean {
  if (Object.keys(config.seed).length === 0) return false;
  config.seed = {};
  return true;
}

const SHEDDING: { what: string; pointer: string; drop: (config: Config) => boolean }[] = [
  {
    what: 'field descriptions',
    pointer: '#/components/schemas/*/properties/*/description',
    drop: dropFieldDescriptions,
  },
  { what: 'schema descriptions', pointer: '#/components/schemas/*/description', drop: dropSchemaDescriptions },
  { what: 'seed records made from examples', pointer: 'seed', drop: dropSeed },
];

/**
 * The config's text within MAX_CONFIG_BYTES: `render` makes the text of `converted.config`, which
 * loses what SHEDDING lists until it fits (each loss added to `skipped`). Undefined when even the
 * last text does not fit; `tooLarge` then says how large it was.
 */
export function fitToLimit(
  converted: Converted,
  render: () => string,
  skipped: Skipped[],
): { text: string } | { tooLarge: string } {
  let text = render();
  for (const step of SHEDDING) {
    const size = Buffer.byteLength(text);
    if (size <= MAX_CONFIG_BYTES) return { text };
    if (!step.drop(converted.config)) continue;
    skipped.push({
      pointer: step.pointer,
      reason: `${step.what}: not carried over, the config would be ${mib(size)} MiB, over the ${mib(MAX_CONFIG_BYTES)} MiB limit`,
    });
    text = render();
  }
  const size = Buffer.byteLength(text);
  return size <= MAX_CONFIG_BYTES
    ? { text }
    : {
        tooLarge: `would be ${mib(size)} MiB even without descriptions and seed records, over the ${mib(MAX_CONFIG_BYTES)} MiB limit of a config; import a part of the description`,
      };
}
