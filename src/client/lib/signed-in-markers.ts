/**
 * Whether anyone signed in in this browser (shared/web-app/signed-in-markers.ts): without the
 * marker, the session checks answer "nobody" without a request, so an anonymous visitor's page
 * logs no 401. With it the server still decides; it clears the marker when the session has ended.
 */
import { hasSignedInMarker, moderatorSignedInMarker, residentSignedInMarker } from '../../shared/web-app/signed-in-markers';

const marked = (name: string) => typeof document !== 'undefined' && hasSignedInMarker(document.cookie, name);

export const mayBeSignedInAsResident = () => marked(residentSignedInMarker);
export const mayBeSignedInAsModerator = () => marked(moderatorSignedInMarker);
