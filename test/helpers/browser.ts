import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectRoot } from './project-root';

/** Debian's Chromium: playwright-core downloads no browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (runs as root in CI) and nothing that reaches out to the network on its own. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `extraArgs`: more Chromium flags, e.g. a bench's local tile server (bench/lib/local-tiles.ts).
 * The launch resolves as soon as Chromium is up; its bound is longer than Playwright's 30 s for
 * two e2e files starting browsers at once on a loaded two-core machine.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...chromiumArgs, ...extraArgs], timeout: 120_000 });
}

export const screenshotDir = join(projectRoot, 'test-results/screenshots');

/** Saves a full-page PNG under test-results/screenshots/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/** Runs axe-core in the page (WCAG 2.x A and AA rules plus best practices). */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, not added as a <script>: the app's CSP (script-src
  // 'self') rightly refuses inline scripts, and the test must not weaken it.
  axeSource ??= readFileSync(axePath, 'utf8');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
}

/** A readable list of violations for an assertion message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => JSON.stringify(node.target)).join('\n  ')}`)
    .join('\n');
}
