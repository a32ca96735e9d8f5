import { LIST_PARAM } from '../../../shared/src/list-dialect.js';
import { httpMessages } from '../../../shared/src/messages.js';
import { DomainError } from '../domain-error.js';
import type { RelationModel, SchemaModel } from '../model/service-model.js';

/** The query parameters that ask for related records. */
const RELATION_PARAMS = [LIST_PARAM.expand, LIST_PARAM.embed] as const;

/**
 * The relations a request asks for with `_expand` and `_embed` (repeated or comma-separated), or
 * undefined when it asks for none; an unknown name gives 400 listing the known ones. Only one level
 * is followed: an embedded or expanded record carries no relations of its own, so cycles end there.
 */
export function parseRelations(schema: SchemaModel, query: URLSearchParams | undefined): RelationModel[] | undefined {
  if (query === undefined || !(query.has(LIST_PARAM.expand) || query.has(LIST_PARAM.embed))) return undefined;
  const relations: RelationModel[] = [];
  for (const param of RELATION_PARAMS) {
    const known = param === LIST_PARAM.expand ? schema.expands : schema.embeds;
    for (const raw of query.getAll(param)) {
      for (const name of raw.split(',')) {
        const trimmed = name.trim();
        if (trimmed === '') continue;
        const relation = known.get(trimmed);
        if (!relation)
          throw new DomainError(
            'invalid',
            httpMessages.unknownRelation(param, trimmed, schema.name, [...known.keys()]),
          );
        if (!relations.includes(relation)) relations.push(relation);
      }
    }
  }
  return relations.length > 0 ? relations : undefined;
}
