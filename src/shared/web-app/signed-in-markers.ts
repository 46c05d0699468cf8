/**
 * Cookies that say only "a session was started in this browser", beside each HttpOnly session
 * cookie: the app reads them (document.cookie) to skip asking who is signed in when nobody ever
 * signed in here, so an anonymous page load makes no request that answers 401 (which browsers log
 * as a console error). They hold no token and no personal data; the session cookie alone grants
 * anything. Set at sign-in, cleared at sign-out and when a request finds the session gone.
 */
export const residentSignedInMarker = 'kerro_resident_signed_in';
export const moderatorSignedInMarker = 'kerro_moderator_signed_in';

/** Whether a Cookie header (or document.cookie) holds the marker `name`. */
export function hasSignedInMarker(cookies: string, name: string): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${name}=1`);
}
