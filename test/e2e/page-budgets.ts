/**
 * What a first load of each page may cost (test/e2e/page-budgets.test.ts): the renderer's
 * main-thread CPU time until the page is usable, and the script bytes (as sent, gzip over the
 * test's plain HTTP) asked for before its first contentful paint, each measured as
 * test/helpers/page-cost.ts says, in a 1280×900 desktop context with no throttling. A page fails
 * when a figure is more than 10 % over its budget.
 *
 * Each budget keeps the figure it came from: what was measured, at which commit, when, on what
 * machine. Raising one is a commit of its own saying why, with the new figure (ARCHITECTURE.md,
 * "A page budget").
 */

export interface Budget {
  budget: number;
  /** What was measured when the budget was set (CPU: a median of loads; script bytes: the most of them). */
  figure: number;
  commit: string;
  date: string;
  /** What the figure came from: the milliseconds, the machine, its load. */
  measured: string;
}

export interface PageBudget {
  /** The page's main-thread CPU time as a multiple of the reference page's (reference-page.ts), measured side by side. */
  mainThreadCpu: Budget;
  scriptTransferBytes: Budget;
}

/** Over this share above its budget, a figure fails. */
export const allowedOverBudget = 0.1;

const bytes = { commit: 'd8e7f39', date: '2026-12-02', measured: 'the most of 17-22 loads over four runs, 2-core VM, Debian Chromium 156' };
/**
 * CPU: each budget is the highest median multiple of three runs (3 loads each, each after a load of
 * the reference page), rounded up to 0.1, measured while five other test runs crowded the two
 * cores (load average 9-11): there the multiples moved 5-20 % from run to run, where milliseconds
 * had moved 20 % from one day's machine to the next.
 */
const cpu = (runs: string) => ({ commit: '0ba52a4', date: '2026-12-02', measured: `medians of three runs ${runs}; 2-core VM, Debian Chromium 156, load average 9-11` });

export const pageBudgets = {
  '/': {
    mainThreadCpu: { budget: 2.0, figure: 1.91, ...cpu('1.84×, 1.81×, 1.91× (about 800-1,000 ms against 440-550 ms)') },
    scriptTransferBytes: { budget: 137 * 1024, figure: 139_736, ...bytes },
  },
  '/report': {
    mainThreadCpu: { budget: 2.2, figure: 2.16, ...cpu('1.68×, 2.16×, 1.76× (about 800-880 ms against 375-500 ms)') },
    scriptTransferBytes: { budget: 118 * 1024, figure: 120_555, ...bytes },
  },
  '/counters': {
    // Raised 1.3 -> 1.6 by the same rule from runs with the machine otherwise quiet (the e2e-alone
    // project runs alone), where the multiple is higher than the crowded machine's 1.05-1.24×: it
    // failed one full run at 1.55× while the same build measured 1.35× alone.
    mainThreadCpu: {
      budget: 1.6,
      figure: 1.55,
      commit: '43ac3a1',
      date: '2026-12-02',
      measured:
        'medians 1.35× (e2c3894, in a full run: 432 ms against 320 ms), 1.35× (43ac3a1 alone: 412 ms against 305 ms), 1.55× (43ac3a1 in a full run: 7 loads 325-458 ms against 228-388 ms); 2-core VM, Debian Chromium 156, nothing else running',
    },
    scriptTransferBytes: { budget: 128 * 1024, figure: 130_076, ...bytes },
  },
  '/requests/{id}': {
    mainThreadCpu: { budget: 1.9, figure: 1.63, ...cpu('1.63× (one run; its single loads 1.56-1.90×)') },
    scriptTransferBytes: { budget: 133 * 1024, figure: 135_171, ...bytes },
  },
} satisfies Record<string, PageBudget>;

export type BudgetedPage = keyof typeof pageBudgets;
