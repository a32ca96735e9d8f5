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
