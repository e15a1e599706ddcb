import type { AxeResults } from 'axe-core';

/**
 * axe-core on a rendered element (or the body, for portalled dialogs and drawers), WCAG 2.1 A/AA. Contrast is left to
 * the E2E axe runs: happy-dom computes no colours or layout.
 */
export async function runAxe(context: Element): Promise<AxeResults> {
  const { default: axe } = await import('axe-core');
  return axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
}

/** The serious and critical violations, one "rule: targets" line each (a test expects none). */
export const seriousViolations = (results: AxeResults): string[] =>
  results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
