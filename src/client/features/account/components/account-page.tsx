import { useTranslation } from 'react-i18next';
import { useResidentSession } from '../../../api/resident-session';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { MyAccount } from './my-account';
import { SignInForm } from './sign-in-form';
import '../../../styles/account.css';

/** `/account`: "My reports". Signed out, the email form; signed in, their lists and settings. */
export function AccountPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('title'));
  const session = useResidentSession();
  return (
    <div className="page account-page">
      <h1>{t('title')}</h1>
      {session.isPending ? (
        <LoadingNotice message={t('loading')} />
      ) : session.data?.signedIn ? (
        <MyAccount email={session.data.email} />
      ) : (
        <>
          <p>{t('intro')}</p>
          <SignInForm />
        </>
      )}
    </div>
  );
}
