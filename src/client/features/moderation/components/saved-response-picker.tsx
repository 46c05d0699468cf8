import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templatesFor, templateText } from '@/shared/moderation/response-templates';
import { FormField } from '../../../components/ui/form-field';
import type { ModerationDetail } from '../api/moderation-schema';
import { useResponseTemplatesFor } from '../api/responses';

/**
 * "Use a saved response" in the status form (issue 41, item 4): the report's body's responses for
 * its type (or any) and the status chosen (or any). Picking one puts its text, in the report's
 * language, into the notes, where the moderator edits it before saving; nothing is sent. Hidden
 * while none fits (or the list cannot be read: the notes are written by hand as before).
 */
export function SavedResponsePicker({ item, detailedStatus, onPick }: { item: ModerationDetail; detailedStatus: string[]; onPick: (text: string) => void }) {
  const { t } = useTranslation('moderation');
  const id = useId();
  const templates = useResponseTemplatesFor(item.service_request_id);
  const [picked, setPicked] = useState({ title: '', serial: 0 });
  const fitting = templatesFor(templates.data ?? [], { serviceCode: item.public.service_code, detailedStatus }, { anyStatus: true });

  return (
    <>
      {fitting.length > 0 ? (
        <FormField id={id} label={t('status.savedResponse')} hint={t('status.savedResponseHint')}>
          {(control) => (
            <select
              {...control}
              className="input"
              // An action, not a value kept: it goes back to the prompt once used, so the same one can be picked again.
              value=""
              onChange={(changeEvent) => {
                const template = fitting.find((candidate) => String(candidate.id) === changeEvent.target.value);
                if (!template) return;
                onPick(templateText(template, item.private.locale));
                setPicked((last) => ({ title: template.title, serial: last.serial + 1 }));
              }}
            >
              <option value="">{t('status.savedResponseNone')}</option>
              {fitting.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {/* Focus moves to the notes; this says what went there. */}
      <p className="visually-hidden" role="status">
        {/* Keyed by each pick, so the same response picked again is said again. */}
        {picked.title ? <span key={picked.serial}>{t('status.savedResponseUsed', { title: picked.title })}</span> : null}
      </p>
    </>
  );
}
