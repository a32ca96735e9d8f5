/**
 * json-server's `--routes routes.json` rewrite rules (express-urlrewrite's syntax): `*` captures
 * anything (`$1`, `$2`…), `:name` captures one segment, `\\?` is a literal `?` that matches the query.
 * @example rewriteUrl('/api/posts/1', [{ from: '/api/*', to: '/$1' }]) // '/posts/1'
 */
import type { RewriteRule } from './mode.js';

interface CompiledRule {
  regex: RegExp;
  names: string[];
  to: string;
  /** The rule names a query (`/articles\\?_id=:id`): it is matched against the whole URL. */
  withQuery: boolean;
}

/** The longest rule a routes file may hold, in characters. */
export const MAX_RULE_LENGTH = 500;

/**
 * The longest request URL the rules are tried on: a rule with several parameters in one segment
 * (`/:a-:b-:c`) backtracks polynomially in the URL's length, so a longer URL is routed as it came.
 */
export const MAX_REWRITTEN_URL = 2048;

function compileRule({ from, to }: RewriteRule): CompiledRule {
  if (from.length > MAX_RULE_LENGTH || to.length > MAX_RULE_LENGTH)
    throw new Error(`a rewrite rule is longer than ${MAX_RULE_LENGTH} characters: ${from.slice(0, 60)}…`);
  const names: string[] = [];
  let pattern = '';
  let stars = 0;
  for (let i = 0; i < from.length; i++) {
    const c = from[i] as string;
    if (c === '\\' && i + 1 < from.length) {
      pattern += (from[++i] as string).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else if (c === '*') {
      names.push(String(++stars));
      pattern += '(.*)';
    } else if (c === ':' && /[A-Za-z_]/.test(from[i + 1] ?? '')) {
      const name = /^[A-Za-z_]\w*/.exec(from.slice(i + 1))?.[0] as string;
      names.push(name);
      // One segment, no query; lazy so `:userId-:body` splits at the first dash.
      pattern += '([^/?#&]+?)';
      i += name.length;
    } else pattern += c.replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
  }
  return { regex: new RegExp(`^${pattern}$`), names, to, withQuery: from.includes('\\?') };
}

/** Compiles a routes file's rules once; throws with the rule that cannot be read. */
export function compileRules(rules: readonly RewriteRule[]): (url: string) => string {
  const compiled = rules.map(compileRule);
  return (url) => {
    if (url.length > MAX_REWRITTEN_URL) return url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = q === -1 ? '' : url.slice(q + 1);
    for (const rule of compiled) {
      const match = rule.regex.exec(rule.withQuery ? url : path);
      if (!match) continue;
      const values = new Map(rule.names.map((name, i) => [name, match[i + 1] ?? '']));
      let target = rule.to.replace(
        /\$(\d+)|:([A-Za-z_]\w*)/g,
        (whole, n: string | undefined, name: string | undefined) => {
          const value = values.get(n ?? (name as string));
          return value === undefined ? whole : value;
        },
      );
      if (!rule.withQuery && query !== '') target += `${target.includes('?') ? '&' : '?'}${query}`;
      return target;
    }
    return url;
  };
}
