import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequest } from '@/shared/georeport/types';
import { serviceNamesByCode, useServiceList } from '../../../api/get-service-list';
import { serviceObjectLookupOf, useServiceObjectName } from '../../../api/service-object-name';
import { RequestDetails } from '../../../components/request/request-details';
import { RequestPlace } from '../../../components/request/request-place';
import { headlineOf } from '../../../components/request/request-fields';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/http-client';
import { currentLanguage } from '../../../lib/i18n';
import { useRequest } from '../api/get-request';
import { useRequestPublication } from '../api/get-request-publication';
import { ModerationNotice } from './moderation-notice';
import { ReplacedNotice } from './replaced-notice';
import { RequestUpdates } from './request-updates';
import { ShareRequest } from './share-request';

/** The page's own address, as the server's Open Graph tags give it (src/server/request-meta.ts) but on the origin the visitor used. */
const requestPageUrl = (id: string) => `${window.location.origin}/requests/${encodeURIComponent(id)}`;

/** The public track page of one request: its state, also before moderation. */
export function RequestTrack({ id }: { id: string }) {
  const { t, i18n } = useTranslation('requests');
  const locale = currentLanguage(i18n);
  const request = useRequest({ id, locale });
  const found = request.data ?? undefined;
  const publication = useRequestPublication({ id, enabled: found !== undefined });
  // GeoReport allows an empty service_name in a request; then the page looks the name up in the
  // service list, which is asked for only then.
  const serviceNames = useServiceList({
    locale,
    select: serviceNamesByCode,
    enabled: found !== undefined && !found.service_name && found.service_code !== '',
  });
  const serviceName = found ? serviceNames.data?.[found.service_code] : undefined;

  const shown: ServiceRequest | undefined = found && !found.service_name && serviceName ? { ...found, service_name: serviceName } : found;
  const objectName = useServiceObjectName(serviceObjectLookupOf(found, locale));

  let title: string;
  let content;
  if (request.isPending) {
    title = t('track.documentTitle');
    content = (
      <>
        <h1>{t('track.documentTitle')}</h1>
        <LoadingNotice message={t('track.loading')} />
      </>
    );
  } else if (request.isError) {
    title = t('track.errorTitle');
    const error = request.error;
    content = (
      <>
        <h1>{t('track.errorTitle')}</h1>
        <ErrorNotice
          message={isApiError(error) && error.kind === 'network' ? t('track.networkError') : t('track.error')}
          retryLabel={t('track.retry')}
          onRetry={() => void request.refetch()}
          retrying={request.isFetching}
        />
      </>
    );
  } else if (!shown) {
    title = t('track.notFoundTitle');
    content = (
      <>
        <h1>{t('track.notFoundTitle')}</h1>
        <p>{t('track.notFoundBody', { id })}</p>
        <p>
          <Link to="/">{t('track.home')}</Link>
        </p>
      </>
    );
  } else {
    title = headlineOf(shown) || t('track.untitled');
    // Unknown (still loading, or the listing failed) shows no notice rather than a wrong one.
    const replaced = Boolean(shown.extended_attributes?.duplicate_of || shown.extended_attributes?.content_withheld);
    const notice = replaced ? <ReplacedNotice request={shown} /> : publication.data === false ? <ModerationNotice status={shown.status} /> : null;
    // Only a published report is worth a link: anyone else opening it would find nothing yet.
    const shareable = publication.data === true && !replaced;
    // Room for Share while it is not known yet whether the report is public, so nothing below moves when it comes.
    const shareRoom = publication.data === undefined && !replaced ? <div className="share-request share-request--pending" aria-hidden="true" /> : null;
    content = (
      <RequestDetails
        request={shown}
        headingLevel={1}
        notice={notice}
        actions={shareable ? <ShareRequest name={title} url={requestPageUrl(id)} /> : shareRoom}
        objectName={objectName.data}
        place={<RequestPlace request={shown} objectName={objectName.data} />}
        more={<RequestUpdates request={shown} published={publication.data} />}
      />
    );
  }

  useDocumentTitle(title);
  return <div className="page page--request">{content}</div>;
}
