import { SignInLinkPage } from '../../features/account/components/sign-in-link-page';

/** `/account/sign-in?token=…`: where the emailed sign-in link lands. */
export function AccountSignInRoute() {
  return <SignInLinkPage />;
}
