/**
 * The checks of a parsed template (see parse-template.ts): helpers and their arguments, the names it
 * reads, and what makes a template hostile (prototype paths, partials, deep nesting, huge repeats).
 */
import { didYouMean } from '../config/did-you-mean.js';
import { FAKER_MODULES, FAKER_NAME } from './faker-modules.js';
import { BLOCK_HELPERS, HELPERS } from './helper-names.js';
import { helperName } from './single-tag.js';
import { FORBIDDEN_NAMES, MAX_ITERATIONS, MAX_REPEAT, MAX_TEMPLATE_DEPTH } from './limits.js';
import type { NameUse, TemplateIssue } from './template-model.js';

/** What `request.` offers a template. */
export const REQUEST_ROOTS = ['params', 'query', 'queryAll', 'headers', 'body', 'method', 'path'] as const;

type Node = hbs.AST.Node;
type Expression = hbs.AST.Expression;
type Path = hbs.AST.PathExpression;

interface Scope {
  /** Inside `each` or `with`: names may come from the block's own context. */
  nested: boolean;
  blockParams: ReadonlySet<string>;
  depth: number;
  /** Product of the literal counts of the `repeat` blocks around. */
  iterations: number;
}

/** Walks a parsed template and collects its problems, the names it reads, and whether it reads the body or uses faker. */
export class Checker {
  readonly issues: TemplateIssue[] = [];
  readsBody = false;
  usesFaker = false;
  /** `scenario.<name>` and `response.…` it reads, placed: the config check knows which are there. */
  readonly names: NameUse[] = [];

  private issue(node: Node, code: string, message: string): void {
    this.issues.push({ code, message, line: node.loc?.start.line ?? 1, column: node.loc?.start.column ?? 0 });
  }

  program(program: hbs.AST.Program | undefined, scope: Scope): void {
    if (!program) return;
    for (const statement of program.body) this.statement(statement, scope);
  }

  private statement(node: hbs.AST.Statement, scope: Scope): void {
    switch (node.type) {
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement':
        this.call(node as hbs.AST.MustacheStatement, scope, 'mustache');
        return;
      case 'BlockStatement':
        this.block(node as hbs.AST.BlockStatement, scope);
        return;
      default:
        this.issue(node, 'templateUnsupported', 'Partials and decorators are not available in templates.');
    }
  }

  private block(node: hbs.AST.BlockStatement, scope: Scope): void {
    const name = helperName(node.path);
    if (name === undefined || !BLOCK_HELPERS.has(name)) {
      const written = node.path.type === 'PathExpression' ? (node.path as Path).original : 'this';
      const suggestion = didYouMean(written, [...BLOCK_HELPERS]);
      this.issue(
        node,
        'templateUnknownHelper',
        `Unknown block helper '${written}'. Blocks are ${[...BLOCK_HELPERS].join(', ')}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
      );
      return;
    }
    if (scope.depth >= MAX_TEMPLATE_DEPTH) {
      this.issue(node, 'templateTooDeep', `Template blocks are nested more than ${MAX_TEMPLATE_DEPTH} deep.`);
      return;
    }
    this.arguments(node, name, scope);
    let iterations = scope.iterations;
    if (name === 'repeat') {
      const count = node.params[0];
      if (count?.type === 'NumberLiteral') {
        iterations *= Math.max(1, (count as hbs.AST.NumberLiteral).value);
        if (iterations > MAX_ITERATIONS && (count as hbs.AST.NumberLiteral).value <= MAX_REPEAT) {
          this.issue(
            node,
            'repeatTooLarge',
            `Nested repeat blocks make ${iterations} iterations; at most ${MAX_ITERATIONS} are allowed per response.`,
          );
          return;
        }
      }
    }
    const params = new Set([...scope.blockParams, ...(node.program.blockParams ?? [])]);
    const inner: Scope = {
      nested: scope.nested || name === 'each' || name === 'with',
      blockParams: params,
      depth: scope.depth + 1,
      iterations,
    };
    this.program(node.program, inner);
    this.program(node.inverse, { ...scope, depth: scope.depth + 1 });
  }

  /** A mustache or sub-expression: a helper call, or a value to look up. */
  private call(node: hbs.AST.MustacheStatement | hbs.AST.SubExpression, scope: Scope, kind: 'mustache' | 'sub'): void {
    const hasArguments = node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0;
    const name = helperName(node.path);
    if (name !== undefined && Object.hasOwn(HELPERS, name) && !scope.blockParams.has(name)) {
      if (BLOCK_HELPERS.has(name)) {
        this.issue(node, 'templateBlockHelper', `'${name}' is a block helper: write {{#${name} …}}…{{/${name}}}.`);
        return;
      }
      if (scope.depth >= MAX_TEMPLATE_DEPTH) {
        this.issue(node, 'templateTooDeep', `Template expressions are nested more than ${MAX_TEMPLATE_DEPTH} deep.`);
        return;
      }
      this.arguments(node, name, { ...scope, depth: scope.depth + 1 });
      return;
    }
    if (hasArguments || kind === 'sub') {
      const written = node.path.type === 'PathExpression' ? (node.path as Path).original : String(node.path.type);
      const suggestion = didYouMean(written, Object.keys(HELPERS));
      this.issue(
        node,
        'templateUnknownHelper',
        `Unknown helper '${written}'. Helpers are ${Object.keys(HELPERS).join(', ')}.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
      );
      return;
    }
    this.expression(node.path, scope);
  }

  private arguments(
    node: hbs.AST.MustacheStatement | hbs.AST.SubExpression | hbs.AST.BlockStatement,
    name: string,
    scope: Scope,
  ): void {
    const spec = HELPERS[name] as { min: number; max: number; usage: string };
    if (node.params.length < spec.min || node.params.length > spec.max) {
      this.issue(node, 'templateHelperArguments', `Helper '${name}' takes ${argumentCount(spec)}: ${spec.usage}.`);
    }
    for (const param of node.params) this.expression(param, scope);
    for (const pair of node.hash?.pairs ?? []) this.expression(pair.value, scope);
    const first = node.params[0];
    if (name === 'faker') {
      this.usesFaker = true;
      if (first?.type === 'StringLiteral') this.fakerName(first as hbs.AST.StringLiteral);
    }
    if (
      name === 'now' &&
      first?.type === 'StringLiteral' &&
      !['unix', 'iso'].includes((first as hbs.AST.StringLiteral).value)
    ) {
      this.issue(first, 'templateHelperArguments', "Helper 'now' takes 'unix' (seconds) or 'iso' (the default).");
    }
    if (name === 'repeat' && first?.type === 'NumberLiteral') {
      const count = (first as hbs.AST.NumberLiteral).value;
      if (!Number.isInteger(count) || count < 0)
        this.issue(first, 'templateHelperArguments', `Repeat count ${count} must be a whole number, 0 or more.`);
      else if (count > MAX_REPEAT)
        this.issue(first, 'repeatTooLarge', `Repeat count ${count} is more than the limit of ${MAX_REPEAT}.`);
    }
  }

  private fakerName(literal: hbs.AST.StringLiteral): void {
    const match = FAKER_NAME.exec(literal.value);
    const module = match?.[1];
    if (!match || module === undefined || !FAKER_MODULES.includes(module) || FORBIDDEN_NAMES.has(match[2] ?? '')) {
      const suggestion = module === undefined ? undefined : didYouMean(module, FAKER_MODULES);
      this.issue(
        literal,
        'templateFakerName',
        `'${literal.value}' is not a faker method: write module.method, e.g. 'person.firstName' (modules: ${FAKER_MODULES.join(', ')}).${suggestion && suggestion !== module ? ` Did you mean '${suggestion}'?` : ''}`,
      );
    }
  }

  private expression(node: Expression, scope: Scope): void {
    if (node.type === 'SubExpression') {
      this.call(node as hbs.AST.SubExpression, scope, 'sub');
      return;
    }
    if (node.type === 'PathExpression') this.path(node as Path, scope);
  }

  private path(node: Path, scope: Scope): void {
    const forbidden = node.parts.find((part) => FORBIDDEN_NAMES.has(part));
    if (forbidden !== undefined) {
      this.issue(node, 'templateForbidden', `Templates cannot read '${forbidden}'.`);
      return;
    }
    let parts = node.parts;
    const fromThis = /^this\b/.test(node.original);
    if (node.data) {
      if (parts[0] !== 'root') return; // @index, @first, @last, @key
      parts = parts.slice(1);
    } else if (node.depth > 0 || (scope.nested && !isRequest(parts)) || scope.blockParams.has(parts[0] ?? '')) {
      return;
    }
    if (parts.length === 0) {
      this.readsBody = true; // the whole context: `this` or `@root`
      return;
    }
    const [head, root] = parts;
    if ((head === 'scenario' || head === 'response' || head === 'message') && !(fromThis && scope.nested)) {
      if (head === 'scenario' && root === undefined) {
        this.issue(node, 'templateUnknownName', "Name the scenario: '{{scenario.<name>}}'.");
        return;
      }
      this.names.push({
        kind: head,
        name: head === 'scenario' ? (root as string) : '',
        line: node.loc?.start.line ?? 1,
        column: node.loc?.start.column ?? 0,
      });
      if (head === 'response' && (root === undefined || root === 'body')) this.readsBody = true;
      return;
    }
    if (head !== 'request') {
      if (fromThis && scope.nested) return;
      const suggestion = didYouMean(head ?? '', ['request', ...Object.keys(HELPERS)]);
      this.issue(
        node,
        'templateUnknownName',
        `Unknown name '${node.original}' in a template: values start with request. (${REQUEST_ROOTS.map((r) => `request.${r}`).join(', ')}), or call a helper.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
      );
      return;
    }
    if (root === undefined || root === 'body') {
      this.readsBody = true;
      return;
    }
    if (!(REQUEST_ROOTS as readonly string[]).includes(root)) {
      const suggestion = didYouMean(root, REQUEST_ROOTS);
      this.issue(
        node,
        'templateUnknownRoot',
        `Unknown request value 'request.${root}'. Use ${REQUEST_ROOTS.map((r) => `request.${r}`).join(', ')}.${suggestion ? ` Did you mean 'request.${suggestion}'?` : ''}`,
      );
    }
  }
}

const isRequest = (parts: string[]): boolean => parts[0] === 'request';

const argumentCount = ({ min, max }: { min: number; max: number }): string =>
  min === max
    ? `${min === 0 ? 'no' : min} argument${min === 1 ? '' : 's'}`
    : max >= 1000
      ? `at least ${min} argument${min === 1 ? '' : 's'}`
      : `${min} to ${max} arguments`;
