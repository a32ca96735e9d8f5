import type { Problem } from '../../../shared/src/problems.js';
import type { SchemaModel } from '../model/service-model.js';
import type { ConfigSource } from './source.js';

/**
 * What the steps after the schemas (endpoints, seed) share: the source, the compiled schemas, the
 * problems found so far (each step adds its own), and the names already reported as broken.
 */
export interface CompileContext {
  source: ConfigSource;
  schemas: ReadonlyMap<string, SchemaModel>;
  problems: Problem[];
  /** Schemas and fields whose errors are already reported. */
  broken: ReadonlySet<string>;
  /** The config's `scenarios:` names. */
  scenarios?: ReadonlySet<string>;
}
