import { AccountPage } from '../../features/account/components/account-page';

/** `/account`: "My reports", signed in by an emailed link. */
export function AccountRoute() {
  return <AccountPage />;
}
