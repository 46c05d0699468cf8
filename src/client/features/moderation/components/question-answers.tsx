import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/request';
import type { ModerationAnswer } from '@/shared/moderation/wire';

/** The reporter's answers to the type's own questions: moderators only (see ModerationAnswer). */
export function QuestionAnswers({ answers }: { answers: readonly ModerationAnswer[] }) {
  const { t } = useTranslation('moderation');
  if (answers.length === 0) return <p className="private-details__none">{t('answers.none')}</p>;
  return (
    <dl className="private-details">
      {answers.map((answer) => (
        <div key={answer.code} className="private-details__row">
          <dt>{answer.question}</dt>
          <dd>
            {answer.datatype === 'datetime' ? (
              <DateTime value={answer.answers[0] ?? ''} />
            ) : (
              <span className="private-details__value">{answer.answers.join(', ')}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
