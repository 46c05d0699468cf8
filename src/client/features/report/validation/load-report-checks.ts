import { useEffect, useState } from 'react';
import { useAfterFirstPaint } from '../../../components/ui/after-paint';

export type ReportChecks = typeof import('./report-checks');

let loading: Promise<ReportChecks> | undefined;
let loaded: ReportChecks | undefined;

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

/**
 * The checks once they are here, for showing messages (there are none before: every message comes
 * from a check or an answer that waited for them). Asks for them after the page's first paint, so
 * they are usually here before the person has filled in the first field.
 */
export function useReportChecks(): ReportChecks | undefined {
  const painted = useAfterFirstPaint();
  const [checks, setChecks] = useState(() => loaded);
  useEffect(() => {
    if (!painted || checks) return;
    let active = true;
    loadReportChecks().then(
      (arrived) => active && setChecks(arrived),
      () => undefined, // asked for again when the form is sent, which says what went wrong
    );
    return () => {
      active = false;
    };
  }, [painted, checks]);
  return checks ?? loaded;
}
