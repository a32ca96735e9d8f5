import { readConfigTree } from './fast-parts.js';
import { isRecord, type Place, readTree } from './fast-tree.js';
import type { Range } from '../../../shared/src/problems.js';
import { ConfigSource, MAX_CONFIG_DEPTH, type DocPath } from './source.js';

const LONE_CR = /\r(?!\n)/;

/**
 * A config read with js-yaml's event parser: about six times faster than `yaml` on a cold start, which
 * is most of `mockyard serve`'s startup. It is used only for texts that are plainly fine: one document
 * that is a mapping, no anchors, aliases, tags or directives, every key a scalar naming an own
 * property. Anything else, and any text whose checks find a problem, goes to YamlSource, so problems
 * are always placed by the same parser. (Both resolve YAML 1.2 core scalars alike; a test compares them.)
 * A text written in blocks is read item by item (fast-parts.ts): a reload reads again only the items
 * it changed.
 */
export class FastSource extends ConfigSource {
  private constructor(
    text: string,
    readonly value: Record<string, unknown>,
    private readonly root: Place,
  ) {
    super(text);
  }

  /**
   * The text's source, or undefined when it needs YamlSource (it is not plainly fine). `whole`: read
   * the text at once, never item by item (the tests compare the two).
   */
  static parse(text: string, whole = false): FastSource | undefined {
    // A lone carriage return ends a line for js-yaml but not for yaml; such rare texts go the long way.
    if (LONE_CR.test(text)) return undefined;
    const tree = whole ? readTree(text, MAX_CONFIG_DEPTH) : readConfigTree(text);
    return tree && isRecord(tree.value) ? new FastSource(text, tree.value, tree.root) : undefined;
  }

  rangeOf(path: DocPath, part: 'key' | 'value' = 'value'): Range {
    let place = this.root;
    // What the places below a part read on its own are moved by (fast-parts.ts).
    let shift = 0;
    for (const segment of path) {
      // Mapping keys are text: a number names one as YamlSource's lookup does (`1:` is key '1').
      const next =
        place.children?.get(segment) ??
        (typeof segment === 'number' ? place.children?.get(String(segment)) : undefined);
      if (!next) break;
      shift += place.shift ?? 0;
      place = next;
    }
    // Like YamlSource: a key marks a mapping or list value better than its block, which can run on.
    if (place.key && (part === 'key' || place.children))
      return this.toRange(place.key.start + shift, place.key.end + shift);
    return this.toRange(place.start + shift, place.end + shift);
  }
}
