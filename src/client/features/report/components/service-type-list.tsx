import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { currentLanguage } from '../../../lib/i18n';
import { isApiError } from '../../../lib/http-client';
import { useServiceTypes } from '../api/get-service-types';
import { groupServiceTypes, type ServiceTypeGroup } from '../utils/group-service-types';

/** The kinds of problem the city takes reports about, in the UI language, grouped. */
export function ServiceTypeList() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const serviceTypes = useServiceTypes({ locale: currentLanguage(i18n) });

  let content;
  if (serviceTypes.isPending) {
    content = <LoadingNotice message={t('serviceTypes.loading')} />;
  } else if (serviceTypes.isError) {
    const error = serviceTypes.error;
    content = (
      <ErrorNotice
        message={isApiError(error) && error.kind === 'network' ? t('serviceTypes.networkError') : t('serviceTypes.error')}
        retryLabel={t('serviceTypes.retry')}
        onRetry={() => void serviceTypes.refetch()}
        retrying={serviceTypes.isFetching}
      />
    );
  } else if (serviceTypes.data.length === 0) {
    content = <p>{t('serviceTypes.empty')}</p>;
  } else {
    content = groupServiceTypes(serviceTypes.data).map((group) => (
      <ServiceTypeGroupSection key={group.name} group={group} fallbackName={t('serviceTypes.otherGroup')} />
    ));
  }

  return (
    <section className="service-types" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('serviceTypes.title')}</h2>
      {content}
    </section>
  );
}

function ServiceTypeGroupSection({ group, fallbackName }: { group: ServiceTypeGroup; fallbackName: string }) {
  const headingId = useId();
  return (
    <section className="service-type-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="service-type-group__title">
        {group.name || fallbackName}
      </h3>
      <ul className="service-type-group__list">
        {group.serviceTypes.map((serviceType) => (
          <li key={serviceType.service_code} className="service-type">
            <span className="service-type__name">{serviceType.service_name}</span>
            {serviceType.description ? (
              <span className="service-type__description">{serviceType.description}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
