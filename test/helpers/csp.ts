import type { BrowserContext, Page } from 'playwright-core';

/** One Content-Security-Policy violation as the browser reported it. */
export interface CspViolation {
  /** The page the violation happened on. */
  documentURI: string;
  /** The directive that refused it, e.g. "style-src-attr" or "img-src". */
  violatedDirective: string;
  effectiveDirective: string;
  /** What was refused: a URL, or "inline" / "eval" for inline code. */
  blockedURI: string;
  /** The first characters of refused inline code, when the policy asks for a sample. */
  sample: string;
  sourceFile: string;
  lineNumber: number;
}

/**
 * Starts listening for CSP violations in a page or in every page of a browser context, from the
 * first byte of every document (an init script), across navigations. Call it before `goto`.
 * Returns a function that gives every violation seen so far:
 *
 *   const cspViolations = await collectCspViolations(page);
 *   await page.goto(url); …
 *   expect(await cspViolations(), describeCspViolations(await cspViolations())).toEqual([]);
 */
export async function collectCspViolations(target: Page | BrowserContext): Promise<() => Promise<CspViolation[]>> {
  const violations: CspViolation[] = [];
  // A fresh name per call, so two collectors on one context do not collide.
  const binding = `__kerroCsp${Math.random().toString(36).slice(2)}`;
  await target.exposeFunction(binding, (violation: CspViolation | null) => {
    if (violation) violations.push(violation); // null: a flush, see below
  });
  await target.addInitScript((name: string) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (violation: unknown) => void>)[name];
        report?.({
          documentURI: event.documentURI,
          violatedDirective: event.violatedDirective,
          effectiveDirective: event.effectiveDirective,
          blockedURI: event.blockedURI,
          sample: event.sample,
          sourceFile: event.sourceFile,
          lineNumber: event.lineNumber,
        });
      },
      true,
    );
  }, binding);
  return async () => {
    // Reports travel to Node asynchronously, in order: a last call through the same binding from
    // each open page, after the page's queued tasks (a violation's event among them), arrives after them.
    const pages = 'pages' in target ? target.pages() : [target];
    await Promise.all(
      pages.map((page) =>
        page
          .evaluate(
            (name: string) =>
              // A message event queued now is dispatched after the violation events already queued.
              new Promise<void>((resolve) => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve();
                channel.port2.postMessage(null);
              }).then(() =>
                (window as unknown as Record<string, ((violation: null) => Promise<void>) | undefined>)[name]?.(null),
              ),
            binding,
          )
          .catch(() => undefined), // closed or navigating away: it reports nothing more
      ),
    );
    return [...violations];
  };
}

/** A readable list for an assertion message. */
export function describeCspViolations(violations: CspViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.effectiveDirective} refused ${violation.blockedURI || '(inline)'} on ${violation.documentURI}` +
        `${violation.sourceFile ? ` (${violation.sourceFile}:${violation.lineNumber})` : ''}${violation.sample ? `: ${violation.sample}` : ''}`,
    )
    .join('\n');
}
