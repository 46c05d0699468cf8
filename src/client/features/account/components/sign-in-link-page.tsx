import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isSafeNextPath } from '../../../../shared/residents/wire';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/http-client';
import { useConfirmSignIn } from '../api/account-api';
import { SignInForm } from './sign-in-form';
import '../../../styles/account.css';

/**
 * `/account/sign-in?token=…`: the emailed link opens this page, and only its button uses the
 * link. Mail scanners open links before the resident does; opening does nothing.
 */
export function SignInLinkPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('confirm.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const nextParam = params.get('next');
  const next = isSafeNextPath(nextParam) ? nextParam : '/account';
  const confirm = useConfirmSignIn();
  const used = isApiError(confirm.error) && confirm.error.status === 400;

  return (
    <div className="page account-page">
      <h1>{t('confirm.title')}</h1>
      {token === '' || used ? (
        <>
          <div className="notice notice--error" role="alert">
            <p>{token === '' ? t('confirm.missing') : t('confirm.invalid')}</p>
          </div>
          <SignInForm next={isSafeNextPath(nextParam) ? nextParam : undefined} />
        </>
      ) : (
        <>
          <p>{t('confirm.intro')}</p>
          <Button disabled={confirm.isPending} onClick={() => confirm.mutate(token, { onSuccess: () => void navigate(next, { replace: true }) })}>
            {confirm.isPending ? t('confirm.working') : t('confirm.button')}
          </Button>
          {confirm.isError ? (
            <div className="notice notice--error" role="alert">
              <p>{t('confirm.failed')}</p>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
