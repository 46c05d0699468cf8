import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import '../../../styles/share.css';

/** What the last press did: nothing yet, the link copied, or copying refused (the link shown to copy by hand). */
type Outcome = 'none' | 'copied' | 'by-hand';

const isCancel = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * "Share" on a published request's page: the device's own share sheet where there is one
 * (phones: the Web Share API), else the link copied to the clipboard with a confirmation read
 * out; where the clipboard refuses (an old browser, an insecure origin), the link in a read-only
 * field, selected, to copy by hand.
 */
export function ShareRequest({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation('share');
  const [outcome, setOutcome] = useState<Outcome>('none');
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  useEffect(() => {
    if (outcome !== 'by-hand') return;
    field.current?.focus();
    field.current?.select();
  }, [outcome]);

  const share = async () => {
    // Emptied first, so a second copy is announced again.
    setOutcome('none');
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, text: t('text', { name }), url });
        return;
      } catch (error) {
        // Closing the share sheet is an answer; a sheet that could not open falls back to copying.
        if (isCancel(error)) return;
      }
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('by-hand');
    }
  };

  return (
    <div className="share-request">
      <Button variant="secondary" className="share-request__button" onClick={() => void share()}>
        <svg className="share-request__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 3v12M7 8l5-5 5 5M5 13v7h14v-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t('button')}
      </Button>
      {/* In the page from the start, so screen readers announce what appears in it. */}
      <p className="share-request__status" role="status">
        {outcome === 'copied' ? t('copied') : ''}
      </p>
      {outcome === 'by-hand' ? (
        <FormField id={fieldId} label={t('fieldLabel')} hint={t('fieldHint')} className="share-request__field">
          {(control) => <input {...control} ref={field} className="input" type="url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />}
        </FormField>
      ) : null}
    </div>
  );
}
