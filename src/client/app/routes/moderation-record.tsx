import { RecordReportPage } from '../../features/moderation/components/record-report-page';

/** `/moderation/record`: a report taken by phone or at a desk, recorded for the caller. */
export function ModerationRecordRoute() {
  return <RecordReportPage />;
}
