import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseTemplate } from '@/shared/moderation/response-templates';
import { useBodies } from '../../../api/get-bodies';
import { serviceNamesByCode, useServiceList } from '../../../api/get-service-list';
import { useDetailedStatusWords } from '../../../components/request/use-detailed-status-words';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { currentLanguage } from '../../../lib/i18n';
import { useChangeResponseTemplate, useResponseTemplates, type ResponseTemplateChange } from '../api/responses';
import { describeError } from '../lib/describe-error';
import { useActionFeedback } from './action-feedback';
import { ResponseForm } from './response-form';
import { useConsoleSession } from './session-context';

/**
 * `/moderation/responses`: the saved responses of the moderator's bodies (an administrator's: all),
 * each changed or deleted here, and a form for a new one (issue 41, item 4).
 */
export function ResponsesPage() {
  const { t, i18n } = useTranslation('moderation');
  useDocumentTitle(t('responses.title'));
  const locale = currentLanguage(i18n);
  const { session } = useConsoleSession();
  const templates = useResponseTemplates();
  const change = useChangeResponseTemplate(session.csrfToken);
  const feedback = useActionFeedback();
  const statusWords = useDetailedStatusWords();
  const serviceNames = useServiceList({ locale, select: serviceNamesByCode }).data ?? {};
  // A moderator's bodies come with the session; an administrator may keep responses for any body.
  const allBodies = useBodies().data;
  const bodies = session.bodies.length
    ? session.bodies.map((body) => ({ id: body.id, name: body.names[locale] }))
    : (allBodies ?? []).map((body) => ({ id: body.id, name: body.name[locale] }));
  const [editing, setEditing] = useState<ResponseTemplate>();
  // A new form after each save: its fields start empty again.
  const [formKey, setFormKey] = useState(0);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);

  const bodyName = (id: string) => bodies.find((body) => body.id === id)?.name ?? id;
  const submit = (templateChange: ResponseTemplateChange) => {
    feedback.clear();
    change.mutate(templateChange, {
      onSuccess: (saved) => {
        if (templateChange.kind === 'delete') return;
        feedback.show(t(templateChange.kind === 'create' ? 'responses.created' : 'responses.updated', { title: saved!.title }));
        setEditing(undefined);
        setFormKey((key) => key + 1);
      },
    });
  };
  const remove = (template: ResponseTemplate) => {
    if (!window.confirm(t('responses.confirmDelete', { title: template.title }))) return;
    feedback.clear();
    change.mutate({ kind: 'delete', id: template.id }, { onSuccess: () => feedback.show(t('responses.deleted', { title: template.title })) });
    if (editing?.id === template.id) setEditing(undefined);
  };
  const edit = (template: ResponseTemplate) => {
    change.reset();
    setEditing(template);
    setFormKey((key) => key + 1);
    // The form's heading names the one being edited: read first, then its fields.
    requestAnimationFrame(() => formHeadingRef.current?.focus());
  };

  let list;
  if (templates.isPending) list = <LoadingNotice message={t('responses.loading')} />;
  else if (templates.isError) list = <ErrorNotice message={describeError(templates.error, t)} retryLabel={t('errors.retry')} onRetry={() => void templates.refetch()} retrying={templates.isFetching} />;
  else if (templates.data.length === 0) list = <p className="notice">{t('responses.empty')}</p>;
  else {
    list = (
      <ul className="console-responses">
        {templates.data.map((template) => (
          <li key={template.id} className="console-response">
            <article aria-labelledby={`response-${template.id}`}>
              <h3 id={`response-${template.id}`} className="console-response__title">
                {template.title}
              </h3>
              <p className="console-response__meta">
                {[
                  bodies.length > 1 || session.bodies.length === 0 ? bodyName(template.body_id) : undefined,
                  template.service_code ? (serviceNames[template.service_code] ?? template.service_code) : t('responses.anyType'),
                  template.status ? statusWords(template.status).label : t('responses.anyStatus'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <dl className="console-response__texts">
                {(['fi', 'sv', 'en'] as const).map((language) => (
                  <div key={language}>
                    <dt>{t(`responses.text_${language}`)}</dt>
                    <dd lang={language}>{template[`text_${language}`]}</dd>
                  </div>
                ))}
              </dl>
              <div className="console-response__actions">
                <Button variant="secondary" aria-label={t('responses.editLabel', { title: template.title })} onClick={() => edit(template)}>
                  {t('responses.edit')}
                </Button>
                <Button
                  variant="secondary"
                  aria-label={t('responses.deleteLabel', { title: template.title })}
                  disabled={change.isPending}
                  onClick={() => remove(template)}
                >
                  {t('responses.delete')}
                </Button>
              </div>
            </article>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="page moderation-responses">
      <h1>{t('responses.title')}</h1>
      <p>{t('responses.intro')}</p>
      {feedback.element}
      <section aria-labelledby="responses-list">
        <h2 id="responses-list">{t('responses.listHeading')}</h2>
        {change.isError && change.variables?.kind === 'delete' ? <ErrorNotice message={describeError(change.error, t)} /> : null}
        {list}
      </section>
      <section aria-labelledby="responses-form">
        <h2 id="responses-form" ref={formHeadingRef} tabIndex={-1}>
          {editing ? t('responses.editHeading', { title: editing.title }) : t('responses.newHeading')}
        </h2>
        {bodies.length === 0 && session.bodies.length === 0 && allBodies !== undefined ? (
          <p className="notice">{t('responses.noBodies')}</p>
        ) : (
          <ResponseForm
            key={formKey}
            editing={editing}
            bodies={bodies}
            serviceTypes={Object.entries(serviceNames).map(([code, name]) => ({ code, name }))}
            pending={change.isPending}
            error={change.isError && change.variables?.kind !== 'delete' ? change.error : undefined}
            onSubmit={submit}
            onCancel={() => {
              setEditing(undefined);
              setFormKey((key) => key + 1);
            }}
          />
        )}
      </section>
    </div>
  );
}
