import { useTranslation } from 'react-i18next';
import { ServiceTypeList } from '../../features/report/components/service-type-list';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function HomeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  return (
    <div className="page page--home">
      <div className="intro">
        <h1>{t('home.title')}</h1>
        <p className="intro__text">{t('home.intro')}</p>
      </div>
      <ServiceTypeList />
    </div>
  );
}
