/**
 * The problems a GeoReport POST can be refused for, beyond the input schema's: what the service
 * checks against its data (service codes, the service object registry, photos) and the proxy's
 * limits. The servers write these texts with the templates below; a GeoReport error record has
 * only `{code, description}` (code is the HTTP status, per the spec), so a client that wants the
 * problem looks the description up: `problemOfDescription`.
 */
import { ProblemTexts, type Problem } from '../validation/problems';
import { inputProblems } from './request-input-schema';

const serviceProblems = new ProblemTexts(inputProblems);

export const unknownServiceCode = serviceProblems.template({ code: 'unknown_service_code', field: 'service_code' })`service_code ${'value'} not found; services.${'format'} lists the valid codes`;

export const unknownServiceObject = serviceProblems.template({
  code: 'unknown_service_object',
  field: 'service_object_id',
})`service_object_id ${'value'} is not in the service object registry; search it again`;

/** A service object of another registry with no lat/long: nothing could place it on a map. */
export const unlocatedServiceObject = serviceProblems.template({
  code: 'unknown_service_object',
  field: 'service_object_id',
})`service_object_id ${'value'} of service_object_type ${'rest'} cannot be located: this server's service object registry is ${'format'}; send lat and long with it`;

export const tooManyPhotos = serviceProblems.template({ code: 'too_many_photos', field: 'media' })`too many media[] files: at most ${'limit'} photos per request`;

/** A photo the proxy or the service could not take in. */
export const photoTooLarge = serviceProblems.word({ code: 'photo_rejected', field: 'media' }, 'a media[] file is too large');

/** How the service names an uploaded photo in what it says of it: "media[] file 2 is not an image …". */
export const photoLabel = (position: number) => `media[] file ${position}`;

/** Whatever the service says of one photo (src/server/media/image-processing.ts) begins with its label. */
export const photoRejected = serviceProblems.template({ code: 'photo_rejected', field: 'media' })`media[] file ${'count'} ${'rest'}`;

/** With bodies: no body's area covers the report's point (src/server/georeport/body-assignment.ts). */
export const outsideEveryArea = serviceProblems.template({
  code: 'outside_every_area',
  field: 'lat',
})`no body handles reports at lat ${'value'}, long ${'rest'}: it is outside every area this service covers; check the location`;

/** With bodies: the body at the point does not handle the type; `value` names the type, `rest` the body. */
export const typeNotHandledHere = serviceProblems.template({
  code: 'type_not_handled_here',
  field: 'service_code',
})`${'value'} is not handled by ${'rest'}, which handles reports at this location; services.json?jurisdiction_id=${'format'} lists its service codes`;

/** A "not ours" place (someone else maintains it): `value` names the type, `format` the place, `rest` whom to contact. */
export const notHandledHereContact = serviceProblems.template({
  code: 'type_not_handled_here',
  field: 'service_code',
})`${'value'} is not handled here: ${'format'} is maintained by someone else. ${'rest'}`;

export const repeatedField = serviceProblems.template({ code: 'repeated_field' })`${'field'} was sent ${'count'} times; send it once`;

export const rateLimited = serviceProblems.template({
  code: 'rate_limited',
})`too many reports from this address: at most ${'limit'} a minute; try again in ${'seconds'} seconds`;

/** The problem a GeoReport error description names, when it is one this service and its schema word. */
export function problemOfDescription(description: string): Problem | undefined {
  return serviceProblems.find(description);
}
