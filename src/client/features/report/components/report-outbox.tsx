/**
 * What waits on this device, on every page: that the device is offline (and that a report can
 * still be made), the reports waiting to be sent (each can be cancelled), and the ones that went
 * meanwhile, each with the way to its confirmation. Loaded after the page (app/routes/root.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmTwice } from '../../../components/ui/confirm-twice';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../lib/format';
import { reportSentPath, type SentState } from '../lib/sent-report';
import { deviceOutbox } from '../outbox/device-outbox';
import type { OutboxEntry } from '../outbox/outbox';
import { useOutboxEntries } from '../outbox/use-outbox';
import '../../../styles/outbox.css';

const HEADING_ID = 'report-outbox-heading';

/** The report the form has just queued: the list takes the focus once it shows it. */
let focusWhenShown: string | undefined;
const focusListeners = new Set<() => void>();
export function showQueuedReport(id: string): void {
  focusWhenShown = id;
  for (const listener of focusListeners) listener();
}

export function ReportOutbox() {
  const { t } = useTranslation('outbox');
  const online = useOnlineStatus();
  const entries = useOutboxEntries();
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Said once, in words, when this page sees a waiting report go.
  const waitingBefore = useRef(new Set<string>());
  useEffect(() => {
    const wentNow = entries.some((entry) => entry.state === 'sent' && waitingBefore.current.has(entry.id));
    waitingBefore.current = new Set(entries.filter((entry) => entry.state === 'waiting').map((entry) => entry.id));
    if (wentNow) setAnnouncement(t('sent.announce'));
  }, [entries, t]);

  // The form queued a report: the focus comes here once the list shows it (the form is emptied).
  const [focusAsked, setFocusAsked] = useState(0);
  useEffect(() => {
    const ask = () => setFocusAsked((count) => count + 1);
    focusListeners.add(ask);
    return () => void focusListeners.delete(ask);
  }, []);
  useEffect(() => {
    if (!focusWhenShown || !entries.some((entry) => entry.id === focusWhenShown)) return;
    focusWhenShown = undefined;
    headingRef.current?.focus();
    setAnnouncement(t('waiting.queued'));
  }, [entries, focusAsked, t]);

  const remove = (entry: OutboxEntry) => {
    void deviceOutbox().remove(entry.id);
    if (entry.state === 'waiting') setAnnouncement(t('waiting.cancelled'));
  };

  return (
    <div className="report-outbox">
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {!online ? (
        <div className="notice report-outbox__offline" data-testid="offline-notice">
          <p>
            <strong>{t('offline.title')}</strong>
          </p>
          <p>{t('offline.text')}</p>
        </div>
      ) : null}
      {entries.length > 0 ? (
        <section className="report-outbox__panel" aria-labelledby={HEADING_ID}>
          <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1}>
            {t('heading')}
          </h2>
          <ul className="report-outbox__list">
            {entries.map((entry) => (
              <li key={entry.id} className={`report-outbox__item report-outbox__item--${entry.state}`} data-testid="outbox-entry">
                <OutboxItem entry={entry} online={online} onRemove={() => remove(entry)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function OutboxItem({ entry, online, onRemove }: { entry: OutboxEntry; online: boolean; onRemove: () => void }) {
  const { t, i18n } = useTranslation('outbox');
  const locale = currentLanguage(i18n);
  const service = entry.label.serviceName || t('untitled');
  switch (entry.state) {
    case 'waiting': {
      const photos = entry.report.photos.length;
      const details = [entry.label.place, photos > 0 ? t('photos', { count: photos }) : '', t('waiting.queuedAt', { date: formatDateTime(entry.queuedAt, locale) })];
      return (
        <>
          <h3>{t('waiting.title', { service })}</h3>
          <p className="report-outbox__details">{details.filter(Boolean).join(' · ')}</p>
          <p>{online ? t('waiting.online') : t('waiting.offline')}</p>
          <CancelQueued onCancel={onRemove} />
        </>
      );
    }
    case 'sent': {
      const state: SentState = { gaveEmail: entry.gaveEmail, notice: entry.created.service_notice };
      return (
        <>
          <h3>{t('sent.title', { service })}</h3>
          <p>{t('sent.text', { date: formatDateTime(entry.sentAt, locale) })}</p>
          <div className="report-outbox__actions">
            <Link className="button button--primary" to={reportSentPath(entry.created.service_request_id)} state={state} onClick={onRemove}>
              {t('sent.link')}
            </Link>
            <Button variant="secondary" onClick={onRemove}>
              {t('sent.dismiss')}
            </Button>
          </div>
        </>
      );
    }
    case 'refused':
      return (
        <>
          <h3>{t('refused.title', { service })}</h3>
          <p>{t('refused.text', { problem: entry.problem })}</p>
          <Button variant="secondary" onClick={onRemove}>
            {t('refused.remove')}
          </Button>
        </>
      );
  }
}

/** "Cancel", asked twice as the draft's discard is. */
function CancelQueued({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('outbox');
  return (
    <ConfirmTwice
      label={t('waiting.cancel')}
      question={t('waiting.cancelQuestion')}
      keepLabel={t('waiting.keep')}
      confirmLabel={t('waiting.cancelConfirm')}
      onConfirm={onCancel}
    />
  );
}
