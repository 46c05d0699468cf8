import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { supportedLocales, type SupportedLocale } from '../../../shared/locales';
import { currentLanguage, setLanguage } from '../../lib/i18n';

/** Each language is named in itself, so a person finds theirs whatever the UI shows now. */
const languageNames: Record<SupportedLocale, string> = {
  fi: 'Suomi',
  sv: 'Svenska',
  en: 'English',
};

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const active = currentLanguage(i18n);

  return (
    <div className="language-switcher" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="language-switcher__label">
        {t('language.label')}
      </span>
      <div className="language-switcher__options">
        {supportedLocales.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            className="language-switcher__option"
            aria-pressed={language === active}
            onClick={() => void setLanguage(i18n, language)}
          >
            {languageNames[language]}
          </button>
        ))}
      </div>
    </div>
  );
}
