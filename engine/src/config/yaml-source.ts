import {
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
} from 'yaml';
import type { Problem, Range, Severity } from '../../../shared/src/problems.js';
import { messages } from '../../../shared/src/messages.js';
import { ConfigSource, MAX_CONFIG_DEPTH, type DocPath } from './source.js';

/**
 * YAML errors reported per text. A broken file (e.g. thousands of unclosed brackets) can make the
 * parser report one error per character; the first few are what the author needs.
 */
export const MAX_YAML_ERRORS = 20;

const tooDeep = (): string =>
  `The config is nested more than ${MAX_CONFIG_DEPTH} levels deep (mappings and lists inside each other); flatten it.`;
/** How deeply arrays and objects nest in a plain value, counted without recursion; stops past the limit. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_CONFIG_DEPTH) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const moreErrors = (n: number): string =>
  `YAML syntax error: ${n} more error${n === 1 ? '' : 's'} after this one not shown; fix the ones above first.`;

/**
 * A config parsed with `yaml`: every syntax error and warning with its position, duplicate keys, alias
 * and depth limits, and the exact range of every node. The authority on a text's problems.
 * (Line starts are counted by ConfigSource: yaml's LineCounter misses lines after a `...`.)
 */
export class YamlSource extends ConfigSource {
  readonly value: unknown;
  readonly problems: Problem[] = [];
  private readonly doc: Document.Parsed;
  /** Each mapping's pairs by key text (first one wins), built on first use: rangeOf is called per problem and per schema. */
  private readonly keyIndex = new WeakMap<YAMLMap, Map<string, Pair>>();
  /** For openerBefore: where the quoted scalar or flow collection ending at an offset starts. */
  private openers: Map<number, number> | undefined;

  constructor(text: string) {
    super(text);
    let doc: Document.Parsed;
    try {
      // Duplicate keys are found below in one pass per mapping; yaml's own check (uniqueKeys) compares
      // every key with every earlier one, which takes minutes for a mapping of 100,000 keys.
      // logLevel 'error': yaml would print warnings (e.g. a list used as a key) to the server's stderr.
      doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false, logLevel: 'error' });
    } catch (err) {
      // yaml reports what it can as errors; anything it throws is a syntax problem of this text too.
      doc = parseDocument('');
      this.doc = doc;
      this.problems.push(this.syntaxProblem(`YAML syntax error: ${(err as Error).message}`, 0));
      this.value = null;
      return;
    }
    this.doc = doc;
    const errors = doc.errors;
    for (const error of errors.slice(0, MAX_YAML_ERRORS)) this.pushYamlError(error.message, error.pos, 'error');
    if (errors.length > MAX_YAML_ERRORS) {
      this.problems.push(
        this.syntaxProblem(moreErrors(errors.length - MAX_YAML_ERRORS), errors[MAX_YAML_ERRORS]?.pos[0] ?? 0),
      );
    }
    for (const warning of doc.warnings.slice(0, MAX_YAML_ERRORS))
      this.pushYamlError(warning.message, warning.pos, 'warning');
    let value: unknown = null;
    if (errors.length === 0) {
      const deep = this.tooDeepAt();
      if (deep !== undefined) this.problems.push({ ...this.syntaxProblem(tooDeep(), deep), code: 'configTooDeep' });
      else {
        this.problems.push(...this.duplicateKeys());
        if (this.problems.every((p) => p.severity !== 'error')) {
          try {
            value = doc.toJS({ maxAliasCount: 100 });
            // Aliases can stack shallow anchors into a deep value; the checks after this recurse over it.
            if (depthOf(value) > MAX_CONFIG_DEPTH) throw new RangeError('Maximum call stack size exceeded');
          } catch (err) {
            const message = (err as Error).message;
            value = null;
            if (err instanceof RangeError)
              this.problems.push({ ...this.problemAt([], 'configTooDeep', tooDeep()), range: this.toRange(0, 0) });
            else this.problems.push(this.problemAt([], 'yamlSyntax', messages.yamlSyntax(message)));
          }
        }
      }
    }
    this.value = value;
  }

  rangeOf(path: DocPath, part: 'key' | 'value' = 'value'): Range {
    let node: unknown = this.doc.contents;
    let keyNode: unknown;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = this.pairsOf(node).get(String(segment));
        if (!pair) break;
        keyNode = pair.key;
        node = pair.value ?? pair.key;
      } else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
        keyNode = undefined;
        node = node.items[segment];
      } else {
        break;
      }
    }
    const target = part === 'key' && keyNode ? keyNode : node;
    const range = (target as Node | undefined)?.range;
    if (!range) return this.toRange(0, Math.min(this.text.length, 1));
    // A block value's range can run over following lines; a key line is a better marker for maps.
    if ((isMap(target) || isSeq(target)) && keyNode && part === 'value') {
      return this.rangeOfNode(keyNode as Node);
    }
    return this.toRange(range[0], range[1]);
  }

  private rangeOfNode(node: Node): Range {
    const range = node.range ?? [0, 0, 0];
    return this.toRange(range[0], range[1]);
  }

  /** A mapping's pairs by key text. Object keys are text, while YAML keys such as `1:` or `true:` parse to numbers and booleans. */
  private pairsOf(map: YAMLMap): Map<string, Pair> {
    let index = this.keyIndex.get(map);
    if (!index) {
      index = new Map();
      for (const item of map.items) {
        if (isPair(item) && isScalar(item.key)) {
          const key = String(item.key.value);
          if (!index.has(key)) index.set(key, item);
        }
      }
      this.keyIndex.set(map, index);
    }
    return index;
  }

  /**
   * The offset of the first node nested deeper than MAX_CONFIG_DEPTH, or undefined. Walks with its own
   * stack, so a deep document cannot overflow the call stack here.
   */
  private tooDeepAt(): number | undefined {
    const stack: [unknown, number][] = [[this.doc.contents, 1]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop() as [unknown, number];
      if (!isCollection(node)) continue;
      if (depth > MAX_CONFIG_DEPTH) return node.range?.[0] ?? 0;
      for (const item of node.items) {
        if (isPair(item)) stack.push([item.key, depth + 1], [item.value, depth + 1]);
        else stack.push([item, depth + 1]);
      }
    }
    return undefined;
  }

  /** Every key set twice in one mapping, naming the key and the line of the first; one pass per mapping. */
  private duplicateKeys(): Problem[] {
    const problems: Problem[] = [];
    visit(this.doc, {
      Map: (_, map) => {
        const seen = new Map<unknown, Scalar>();
        for (const pair of map.items) {
          // Like yaml's own uniqueKeys check: scalar keys with the same value (1 and '1' differ).
          if (!isScalar(pair.key)) continue;
          const key = pair.key;
          const first = seen.get(key.value);
          if (!first) {
            seen.set(key.value, key);
            continue;
          }
          const range = key.range ?? first.range ?? [0, 0, 0];
          problems.push({
            code: 'duplicateKey',
            severity: 'error',
            message: messages.duplicateKey(String(key.value), this.linePos(first.range?.[0] ?? 0).line),
            range: this.toRange(range[0], range[1]),
            path: [],
          });
        }
        return undefined;
      },
    });
    return problems;
  }

  /**
   * yaml reports an unclosed quote, `{` or `[` where it gave up, often the next key or the end of the
   * file; the start of the quoted text or flow collection that runs up to there is where to look.
   */
  private openerBefore(offset: number): number | undefined {
    if (!this.openers) {
      const openers = new Map<number, number>();
      const consider = (node: Node): void => {
        const range = node.range;
        if (!range || range[0] >= range[1]) return;
        const start = openers.get(range[1]);
        if (start === undefined || range[0] > start) openers.set(range[1], range[0]);
      };
      // Iterative: a document with an error can be nested deeper than a recursive visit could go.
      const stack: unknown[] = [this.doc.contents];
      while (stack.length > 0) {
        const node = stack.pop();
        if (isScalar(node)) {
          if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') consider(node);
        } else if (isCollection(node)) {
          if (node.flow) consider(node);
          for (const item of node.items) {
            if (isPair(item)) stack.push(item.key, item.value);
            else stack.push(item);
          }
        }
      }
      this.openers = openers;
    }
    return this.openers.get(offset);
  }

  private syntaxProblem(message: string, offset: number): Problem {
    const at = Math.max(0, Math.min(offset, this.text.length));
    return { code: 'yamlSyntax', severity: 'error', message, range: this.toRange(at, at), path: [] };
  }

  private pushYamlError(message: string, pos: [number, number], severity: Severity): void {
    const detail = message.split('\n')[0] ?? message;
    if (/Maximum call stack size exceeded/.test(detail)) {
      this.problems.push({ ...this.syntaxProblem(tooDeep(), pos[0]), code: 'configTooDeep', severity });
      return;
    }
    const unclosed = /closing|end with a/.test(detail) ? this.openerBefore(pos[0]) : undefined;
    this.problems.push({
      code: 'yamlSyntax',
      severity,
      message: messages.yamlSyntax(detail.replace(/ at line \d+, column \d+:?$/, '')),
      range: this.toRange(unclosed ?? pos[0], pos[1]),
      path: [],
    });
  }
}
