import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeMediaUrl } from '../../../components/request/request-fields';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationMedia } from '@/shared/moderation/wire';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError } from '../lib/describe-error';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

type Position = ModerationMedia['position'];

/**
 * The request's photos by their stored position, each removable after a confirmation (the file
 * is deleted; there is no undo). Photos are named by position, as the audit log names them.
 */
export function PhotoList({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const change = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale: currentLanguage(i18n) });
  const feedback = useActionFeedback();
  const baseId = useId();
  const [confirming, setConfirming] = useState<Position | null>(null);
  const [returnFocusTo, setReturnFocusTo] = useState<Position | null>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);

  const nameOf = (position: Position) =>
    position === 'external' ? t('photos.linked') : t('photos.photo', { number: position + 1 });
  const removeButtonId = (position: Position) => `${baseId}-remove-${position}`;

  useEffect(() => {
    if (confirming !== null) questionRef.current?.focus();
  }, [confirming]);

  useEffect(() => {
    if (returnFocusTo === null) return;
    document.getElementById(removeButtonId(returnFocusTo))?.focus();
    setReturnFocusTo(null);
  });

  const remove = (position: Position) => {
    feedback.clear();
    change.mutate(
      { kind: 'remove-media', position },
      {
        onSuccess: () => {
          setConfirming(null);
          feedback.show(t('photos.removed', { name: nameOf(position) }));
        },
      },
    );
  };

  const cancel = (position: Position) => {
    setConfirming(null);
    setReturnFocusTo(position);
  };

  return (
    <div className="moderation-photos">
      {change.isError ? <ErrorNotice message={describeError(change.error, t)} /> : null}
      {item.media.length === 0 ? <p>{t('photos.none')}</p> : null}
      <ul className="moderation-photos__items">
        {item.media.map((media) => {
          const photoName = nameOf(media.position);
          const safe = isSafeMediaUrl(media.url);
          return (
            <li key={String(media.position)} className="moderation-photos__item">
              {safe ? (
                <a href={media.url} className="moderation-photos__link">
                  {media.position === 'external' ? (
                    <span className="moderation-photos__url">{media.url}</span>
                  ) : (
                    <img className="moderation-photos__image" src={media.url} alt={photoName} width={160} height={120} loading="lazy" />
                  )}
                </a>
              ) : (
                <span className="moderation-photos__url">{media.url}</span>
              )}
              <p className="moderation-photos__name">{photoName}</p>
              {confirming === media.position ? (
                <div className="console-confirm" role="group" aria-labelledby={`${baseId}-question-${media.position}`}>
                  <p id={`${baseId}-question-${media.position}`} ref={questionRef} tabIndex={-1} className="console-confirm__question">
                    {t('photos.confirm', { name: photoName })}
                  </p>
                  <div className="console-confirm__buttons">
                    <Button className="console-button--danger" disabled={change.isPending} onClick={() => remove(media.position)}>
                      {change.isPending ? t('photos.removing') : t('photos.confirmRemove', { name: photoName })}
                    </Button>
                    <Button variant="secondary" onClick={() => cancel(media.position)}>
                      {t('photos.keep')}
                    </Button>
                  </div>
                </div>
              ) : (
                <button
                  type="button"
                  id={removeButtonId(media.position)}
                  className="button button--secondary console-button--danger-outline"
                  onClick={() => {
                    feedback.clear();
                    setConfirming(media.position);
                  }}
                >
                  {t('photos.remove', { name: photoName })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {feedback.element}
    </div>
  );
}
