import type * as Monaco from 'monaco-editor';
import { ENDPOINT_BRANCH_TITLES } from '../../../shared/src/json-schema';

const SKELETONS = new Set<string>(ENDPOINT_BRANCH_TITLES);

const labelOf = (item: Monaco.languages.CompletionItem): string =>
  typeof item.label === 'string' ? item.label : item.label.label;

/**
 * The monaco API as monaco-yaml should see it: the same, except that its completion list drops the
 * skeletons the YAML language server builds for each endpoint kind from the required keys. Those
 * insert `path:`, `method:` and `response:` with no values (then "Unknown method 'null'"), and the
 * server has no setting to turn them off. The JSON Schema's snippets, with real values, stand in.
 */
export function withoutEndpointSkeletons(monaco: typeof Monaco): typeof Monaco {
  const register = monaco.languages.registerCompletionItemProvider;
  const languages: typeof Monaco.languages = {
    ...monaco.languages,
    registerCompletionItemProvider(selector, provider) {
      return register(selector, {
        ...provider,
        async provideCompletionItems(model, position, context, token) {
          const list = await provider.provideCompletionItems(model, position, context, token);
          if (!list) return list;
          const suggestions = list.suggestions.filter(
            (item) => !(item.kind === monaco.languages.CompletionItemKind.Class && SKELETONS.has(labelOf(item))),
          );
          return { ...list, suggestions };
        },
      });
    },
  };
  return { ...monaco, languages };
}
