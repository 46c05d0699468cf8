import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { dateTimeFormat, intlLocaleOf, numberFormat } from '../../../lib/intl-formats';
import { MAX_PAGES, API_PAGE_LIMIT } from '../api/get-published-requests';
import type { DateWindow } from '../lib/date-window';

export interface RequestsSummaryProps {
  count: number;
  onMap: number;
  dateWindow: DateWindow;
  /** False when paging stopped at MAX_PAGES before the window's oldest request. */
  complete: boolean;
  updating: boolean;
  loaded: number;
}

function formatDate(date: string, locale: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(year!, month! - 1, day!));
}

/**
 * What the map shows, in words: how many requests, from when to when, and whether the service's
 * 200-a-time answers stopped at the limit before the oldest.
 */
export function RequestsSummary({ count, onMap, dateWindow, complete, updating, loaded }: RequestsSummaryProps) {
  const { t, i18n } = useTranslation('map');
  const locale = intlLocaleOf(currentLanguage(i18n));
  const number = (value: number) => numberFormat(locale).format(value);
  return (
    <div className="requests-summary">
      {/* The live region changes twice: "loading", then the total; the running count is not
          announced, or a screen reader would read it out every half second. */}
      <p className="requests-summary__count" data-count={updating ? undefined : count}>
        <span role="status">
          {updating
            ? t('status.updating')
            : t('status.count', { count, formatted: number(count), from: formatDate(dateWindow.from, locale), to: formatDate(dateWindow.to, locale) })}
        </span>
        {updating && loaded > 0 ? ` ${t('status.soFar', { formatted: number(loaded) })}` : null}
        {!updating && onMap < count ? ` ${t('status.withoutLocation', { count: count - onMap })}` : null}
      </p>
      {/* How the service pages its answers is told under the map (About this map); here only
          the case that needs the person to act: older reports were left out. */}
      {complete ? null : (
        <p className="requests-summary__limit">{t('status.truncated', { shown: number(count), page: API_PAGE_LIMIT, pages: MAX_PAGES })}</p>
      )}
    </div>
  );
}
