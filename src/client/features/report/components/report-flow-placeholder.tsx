import { useTranslation } from 'react-i18next';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { ReportStep } from './report-step';

/**
 * The flow's place on /report while its code downloads: its first step as the flow first draws
 * it (the type list's room kept, `type-picker--loading`), so the flow takes the same room when it
 * comes and nothing below the intro moves. Screen readers hear that the form is on its way.
 */
export function ReportFlowPlaceholder() {
  const { t } = useTranslation('report');
  return (
    <div className="report-form">
      <ReportStep number={1} title={t('steps.type')}>
        <div className="type-picker--loading">
          <LoadingNotice message={t('form.loading')} />
        </div>
      </ReportStep>
    </div>
  );
}
