import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node, type YAMLError } from 'yaml';
import type { Problem, Range, Severity } from '../../../shared/src/problems.js';
import { messages } from '../../../shared/src/messages.js';

export type DocPath = (string | number)[];

/** Largest config text accepted; bigger files are refused before parsing. */
export const MAX_CONFIG_BYTES = 5 * 1024 * 1024;

/**
 * A parsed YAML config that remembers where every key and value came from, so that any
 * problem found later (by zod or by the semantic checks) can be pointed at a line and column.
 */
export class YamlSource {
  readonly value: unknown;
  readonly problems: Problem[] = [];
  private readonly doc: Document.Parsed;
  private readonly lines: LineCounter;

  constructor(readonly text: string) {
    this.lines = new LineCounter();
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    for (const error of this.doc.errors) {
      const duplicate = error.code === 'DUPLICATE_KEY' ? this.duplicateKeyAt(error) : undefined;
      if (duplicate) this.problems.push(duplicate);
      else this.pushYamlError(error.message, error.pos, 'error');
    }
    for (const warning of this.doc.warnings) this.pushYamlError(warning.message, warning.pos, 'warning');
    let value: unknown = null;
    if (this.doc.errors.length === 0) {
      try {
        value = this.doc.toJS({ maxAliasCount: 100 });
      } catch (err) {
        this.problems.push(this.problemAt([], 'yamlSyntax', messages.yamlSyntax((err as Error).message)));
      }
    }
    this.value = value;
  }

  /** The range of the value at `path`, or of the nearest ancestor that exists. */
  rangeOf(path: DocPath, part: 'key' | 'value' = 'value'): Range {
    let node: unknown = this.doc.contents;
    let keyNode: unknown = undefined;
    for (const segment of path) {
      if (isMap(node)) {
        // Object keys are text, while YAML keys such as `1:` or `true:` parse to numbers and booleans.
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
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

  /** The position of the n-th item of a sequence or of a key, for messages like "declared on line 12". */
  lineOf(path: DocPath): number {
    return this.rangeOf(path).start.line;
  }

  problemAt(path: DocPath, code: string, message: string, severity: Severity = 'error', part: 'key' | 'value' = 'value'): Problem {
    return { code, severity, message, range: this.rangeOf(path, part), path };
  }

  private rangeOfNode(node: Node): Range {
    const range = node.range ?? [0, 0, 0];
    return this.toRange(range[0], range[1]);
  }

  private toRange(start: number, end: number): Range {
    const a = this.lines.linePos(start);
    const b = this.lines.linePos(Math.max(start, end));
    return { start: { line: a.line, column: a.col }, end: { line: b.line, column: b.col } };
  }

  /** `Map keys must be unique` says neither which key nor where the first one is; find both. */
  private duplicateKeyAt(error: YAMLError): Problem | undefined {
    let problem: Problem | undefined;
    visit(this.doc, {
      Map: (_, map) => {
        const keys = map.items.map((pair) => (isScalar(pair.key) ? pair.key : undefined));
        const index = keys.findIndex((key) => key?.range?.[0] === error.pos[0]);
        const key = keys[index];
        if (!key) return undefined;
        const first = keys.find((other) => other !== undefined && other.value === key.value);
        if (first?.range && first !== key) {
          const range = key.range ?? first.range;
          problem = {
            code: 'duplicateKey',
            severity: 'error',
            message: messages.duplicateKey(String(key.value), this.lines.linePos(first.range[0]).line),
            range: this.toRange(range[0], range[1]),
            path: [],
          };
        }
        return visit.BREAK;
      },
    });
    return problem;
  }

  /**
   * yaml reports an unclosed quote, `{` or `[` where it gave up, often the next key or the end of the
   * file; the start of the quoted text or flow collection that runs up to there is where to look.
   */
  private openerBefore(offset: number): number | undefined {
    let start: number | undefined;
    const consider = (node: Node): void => {
      const range = node.range;
      if (range && range[1] === offset && range[0] < offset && (start === undefined || range[0] > start)) start = range[0];
    };
    visit(this.doc, {
      Scalar: (_, node) => {
        if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') consider(node);
      },
      Map: (_, node) => {
        if (node.flow) consider(node);
      },
      Seq: (_, node) => {
        if (node.flow) consider(node);
      },
    });
    return start;
  }

  private pushYamlError(message: string, pos: [number, number], severity: Severity): void {
    const detail = message.split('\n')[0] ?? message;
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
