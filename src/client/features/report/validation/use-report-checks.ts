import { useEffect, useState } from 'react';
import { useAfterFirstPaint } from '../../../components/ui/after-paint';
import { loadedReportChecks, loadReportChecks, type ReportChecks } from './load-report-checks';

/**
 * The checks once they are here, for showing messages (there are none before: every message comes
 * from a check or an answer that waited for them). Asks for them after the page's first paint, so
 * they are usually here before the person has filled in the first field.
 */
export function useReportChecks(): ReportChecks | undefined {
  const painted = useAfterFirstPaint();
  const [checks, setChecks] = useState(loadedReportChecks);
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
  return checks ?? loadedReportChecks();
}
