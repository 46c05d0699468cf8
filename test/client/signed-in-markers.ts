/** The readable "signed in here" cookies the server sets beside its sessions (shared/web-app/signed-in-markers.ts), as jsdom's document.cookie. */
import { moderatorSignedInMarker, residentSignedInMarker } from '../../src/shared/web-app/signed-in-markers';

const setMarker = (name: string, present: boolean) => {
  document.cookie = present ? `${name}=1; path=/` : `${name}=; path=/; max-age=0`;
};

/** What the server's Set-Cookie does at a resident's sign-in (true) or sign-out and an ended session (false). */
export const markResidentSignedIn = (present = true) => setMarker(residentSignedInMarker, present);
export const markModeratorSignedIn = (present = true) => setMarker(moderatorSignedInMarker, present);

/** Every cookie gone, as in a browser where nobody ever signed in. */
export function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
