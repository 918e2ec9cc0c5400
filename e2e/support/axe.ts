import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 level A and AA, as the issue asks (issue 25, "Accessibility"). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts the suite refuses; moderate and minor findings are advice. */
const REFUSED_IMPACTS = new Set(['serious', 'critical']);

/**
 * Markup that belongs to antd, not to the product, left out of the check: each entry with its
 * reason. Empty: what axe found inside antd's parts was fixed instead (the theme's colours; the
 * hidden measuring row of tables, made invisible in app/base.css).
 */
export const ANTD_INTERNALS: readonly { selector: string; reason: string }[] = [];

export interface AxeFinding {
  rule: string;
  impact: string;
  /** How many elements fail the rule. */
  elements: number;
  /** The first few of them, as axe names them. */
  targets: string[];
  help: string;
}

interface AxeScope {
  /** Frame path and selector to check (['iframe[...]', 'body'] checks one framed page); the page when absent. */
  include?: string[];
  /** Left out of this check (the shell's frames when the shell's own markup is checked). */
  exclude?: string[];
}

/** Runs axe on the page (or the part `scope` names) and returns its serious and critical findings. */
export const seriousAxeFindings = async (page: Page, scope: AxeScope = {}): Promise<AxeFinding[]> => {
  let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  for (const { selector } of ANTD_INTERNALS) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => REFUSED_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      elements: violation.nodes.length,
      targets: violation.nodes.slice(0, 5).map((node) => JSON.stringify(node.target)),
      help: violation.help,
    }));
};

/** A line for the test's output: the page, its failing rules and elements. */
export const describeFindings = (name: string, findings: AxeFinding[]): string =>
  `axe ${name}: ${findings.length} serious/critical rule(s), ${findings.reduce((sum, f) => sum + f.elements, 0)} element(s)` +
  findings.map((f) => `\n  ${f.impact} ${f.rule} ×${f.elements}: ${f.targets.join(' ')}`).join('');
