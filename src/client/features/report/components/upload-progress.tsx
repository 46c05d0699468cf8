import { useTranslation } from 'react-i18next';
import type { UploadProgress as Progress } from '../../../lib/http-client';
import { currentLanguage } from '../../../lib/i18n';
import { formatBytes, formatPercent } from '../lib/format';

/** Bytes sent so far, from the browser's own upload events. */
export function UploadProgress({ progress }: { progress: Progress | undefined }) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const total = progress?.total ?? 0;
  const loaded = progress?.loaded ?? 0;
  const done = total > 0 && loaded >= total;
  return (
    <div className="upload-progress">
      <p role="status">{done ? t('send.waiting') : t('send.sending')}</p>
      <progress className="upload-progress__bar" max={total || undefined} value={total ? loaded : undefined} aria-label={t('send.progressLabel')} />
      {total > 0 ? (
        <p className="upload-progress__text">
          {t('send.progressText', { loaded: formatBytes(loaded, locale), total: formatBytes(total, locale), percent: formatPercent(loaded / total, locale) })}
        </p>
      ) : null}
    </div>
  );
}
