/** `mockyard export --graphql`: a config text → the SDL of the GraphQL API `server.graphql` serves for it. */
import { printSchema } from 'graphql';
import type { Problem } from '../../../shared/src/problems.js';
import { validateConfig } from '../config/validate.js';
import { YamlSource } from '../config/yaml-source.js';
import { buildGraphqlSchema } from './build-schema.js';
import { graphqlNameProblems } from './name-problems.js';

export type SdlResult = { ok: true; text: string } | { ok: false; problems: Problem[] };

/** The SDL of the config's GraphQL API, whether or not the config turns it on; names GraphQL cannot spell are problems. */
export function exportSdl(text: string, configPath: string): SdlResult {
  const { problems, model } = validateConfig(text, { configPath });
  if (!model) return { ok: false, problems };
  if (!model.server.graphql) {
    // The names are checked as they are with GraphQL on.
    const named = graphqlNameProblems(new YamlSource(text), model.schemas);
    if (named.length > 0) return { ok: false, problems: named };
  }
  return { ok: true, text: `${printSchema(buildGraphqlSchema(model))}\n` };
}
