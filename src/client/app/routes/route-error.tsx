import { useTranslation } from 'react-i18next';
import { Layout } from '../../components/ui/layout';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** When a page throws or its code fails to load (e.g. after a deploy), offer a clean reload. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  useDocumentTitle(t('routeError.title'));
  return (
    <Layout>
      <div className="page" role="alert">
        <h1>{t('routeError.title')}</h1>
        <p>{t('routeError.body')}</p>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </div>
    </Layout>
  );
}
