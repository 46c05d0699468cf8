import { useDetailedStatusWords } from './use-detailed-status-words';

export interface DetailedStatusTextProps {
  /** The values of `detailed_status`, in order (parseDetailedStatus gives them). */
  values: readonly string[];
  /** inline: the labels in one line (popups, lists); full: each label with its meaning. */
  variant?: 'inline' | 'full';
}

/** The detailed status in words, e.g. "Being handled · Public works in progress". */
export function DetailedStatusText({ values, variant = 'inline' }: DetailedStatusTextProps) {
  const wordsOf = useDetailedStatusWords();
  if (values.length === 0) return null;
  if (variant === 'inline') {
    return <span className="detailed-status-text">{values.map((value) => wordsOf(value).label).join(' · ')}</span>;
  }
  return (
    <ul className="detailed-status-text detailed-status-text--full">
      {values.map((value) => {
        const words = wordsOf(value);
        return (
          <li key={value} className="detailed-status-text__item">
            <span className="detailed-status-text__label">{words.label}</span>
            {words.description ? <span className="detailed-status-text__description">{words.description}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
