/**
 * Tags as values: which name a tag calls, and the rewrite that makes a string of exactly one tag
 * hand back the value itself instead of text.
 */
import { HELPERS, VALUE_HELPER } from './helper-names.js';

type Expression = hbs.AST.Expression;
type Path = hbs.AST.PathExpression;

/** The name a mustache or block calls, when it is a plain one-part name. */
export function helperName(path: hbs.AST.PathExpression | hbs.AST.Literal): string | undefined {
  if (path.type !== 'PathExpression') return undefined;
  const p = path as Path;
  return !p.data && p.depth === 0 && p.parts.length === 1 && p.original === p.parts[0] ? p.parts[0] : undefined;
}

/**
 * A template that is exactly one tag becomes `{{__value <expression>}}`: the value helper hands the
 * expression's value back untouched, so `"{{request.body.age}}"` stays a number.
 */
export function asValue(program: hbs.AST.Program): hbs.AST.Program | undefined {
  const [only] = program.body;
  if (program.body.length !== 1 || only?.type !== 'MustacheStatement') return undefined;
  const tag = only as hbs.AST.MustacheStatement;
  const name = helperName(tag.path);
  const isCall =
    tag.params.length > 0 || (tag.hash?.pairs.length ?? 0) > 0 || (name !== undefined && Object.hasOwn(HELPERS, name));
  const loc = tag.loc;
  const value: Expression = isCall
    ? ({ type: 'SubExpression', path: tag.path, params: tag.params, hash: tag.hash, loc } as hbs.AST.SubExpression)
    : (tag.path as Expression);
  const helper: Path = {
    type: 'PathExpression',
    data: false,
    depth: 0,
    parts: [VALUE_HELPER],
    original: VALUE_HELPER,
    loc,
  };
  const statement = {
    type: 'MustacheStatement',
    path: helper,
    params: [value],
    hash: undefined,
    escaped: false,
    strip: { open: false, close: false },
    loc,
  } as unknown as hbs.AST.MustacheStatement;
  return { ...program, body: [statement] };
}
