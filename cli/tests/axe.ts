import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** One axe-core violation of impact critical or serious, as a line a person can act on. */
export interface Finding {
  state: string;
  rule: string;
  impact: string;
  nodes: number;
  example: string;
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules plus best practices) on the page as it is now and returns
 * its critical and serious violations, named by `state` (which tab, dialog, theme and size); `rules`
 * limits the run to those rules.
 */
export async function axeFindings(page: Page, state: string, rules?: string[]): Promise<Finding[]> {
  const builder = new AxeBuilder({ page });
  if (rules) builder.withRules(rules);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      state,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.length,
      example: `${v.nodes[0]?.target.join(' ') ?? ''}: ${v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? ''}`,
    }));
}

/** Findings summed by rule: the counts the closing note quotes. */
export function countByRule(findings: Finding[]): Record<string, { impact: string; nodes: number; states: number }> {
  const out: Record<string, { impact: string; nodes: number; states: number }> = {};
  for (const f of findings) {
    const at = out[f.rule] ?? { impact: f.impact, nodes: 0, states: 0 };
    out[f.rule] = at;
    at.nodes += f.nodes;
    at.states += 1;
  }
  return out;
}

/** A gap a person sees: a space before punctuation, an empty pair of brackets' inside, or two spaces in a row. */
const GAP = / [.,;:!?)](?=\s|$)|\( | {2,}\S/;

/**
 * The studio's own words on the page that have a stray space (a message built from parts, one of
 * them empty): its visible text line by line, and its titles, labels and placeholders (never
 * collapsed by layout). The editor's text and code are the user's, so they are left out.
 */
export async function textGaps(page: Page, state: string): Promise<string[]> {
  // A string, not a function: this file is compiled without the DOM's types.
  const found = await page.evaluate<string[]>(`(() => {
    const pattern = new RegExp(${JSON.stringify(GAP.source)});
    const own = (el) => !el.closest('.monaco-editor, code, pre, textarea, input, .json-view, .log-body');
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    for (let el = walker.nextNode(); el; el = walker.nextNode()) {
      if (!own(el)) continue;
      for (const name of ['title', 'aria-label', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value && (pattern.test(value) || value !== value.trim())) out.push(name + '="' + value + '"');
      }
      // Text as laid out, from elements with no code or editor inside.
      if (el.children.length === 0 && getComputedStyle(el).display.startsWith('inline')) continue;
      if ([...el.querySelectorAll('*')].some((c) => !own(c))) continue;
      const line = (el.innerText || '').split('\\n').find((l) => pattern.test(l.trim()));
      if (line) out.push(line.trim());
    }
    // A gap a space character does not make: punctuation laid out apart from the element before it
    // (a flex label puts its gap between "server.port" in <code> and the ")" after it).
    for (const el of document.querySelectorAll('code, b, strong, a, kbd')) {
      const next = el.nextSibling;
      if (!next || next.nodeType !== 3 || !/^[).,:;!?]/.test(next.textContent) || !el.getClientRects().length) continue;
      const range = document.createRange();
      range.setStart(next, 0);
      range.setEnd(next, 1);
      const mark = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      if (mark.width > 0 && Math.abs(mark.top - box.top) < box.height && mark.left - box.right > 3)
        out.push('gap before "' + next.textContent.trim().slice(0, 20) + '" after "' + el.textContent + '"');
    }
    return [...new Set(out)];
  })()`);
  return found.map((text) => `${state}: ${text}`);
}
