export type ReportChecks = typeof import('./report-checks');

let loading: Promise<ReportChecks> | undefined;
let loaded: ReportChecks | undefined;

/** The checks if they have arrived (the hook's first state: use-report-checks.ts). */
export const loadedReportChecks = (): ReportChecks | undefined => loaded;

/**
 * The report flow's checks (report-checks.ts), downloaded once. Whatever needs them awaits this:
 * a report sent before they arrived is still checked before it goes. A failed download is tried
 * again at the next call.
 */
export function loadReportChecks(): Promise<ReportChecks> {
  loading ??= import('./report-checks').then(
    (checks) => (loaded = checks),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
