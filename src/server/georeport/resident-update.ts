/**
 * A resident's update on a published request, the use-case behind POST
 * requests/{id}/updates.[format] (a Kerro extension): the key, the text with a report's own rules,
 * at most one photo processed and stored as a report's are, and `state` ("fixed", "still there")
 * only from the request's reporter: the caller (the proxy, for a signed-in resident) vouches for
 * the address as `verified_email`. Stored pending, for a moderator; the poster's receipt queued
 * with it when they gave an address. Free of HTTP; failures are GeoReport errors. Another system
 * posting for its own users (servicerequestupdates, `client`) keeps its id with the update, and
 * its users hear from it, not from Kerro: no receipt.
 */
import { tooManyPhotos } from '../../shared/georeport/problems';
import { describeIssues } from '../../shared/georeport/request-input-schema';
import { missingUpdateText, residentUpdateFields, residentUpdateInputSchema, stateOnlyForReporter } from '../../shared/georeport/resident-update-input';
import { resolveLocale } from '../../shared/locales';
import type { AppContext } from '../context';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { residentUpdateReceipt } from '../notify/resident-update-messages';
import { badRequest, notFound } from '../open311/errors';
import { singleValues, type ReadForm } from '../open311/form-reader';
import type { NewResidentUpdate, ResidentUpdateClient } from '../storage/repositories/types';
import { requireApiKey } from './api-key-check';
import { processPhotos, readPhotos } from './create-service-request';
import { newServiceRequestId } from './ids';

/** One photo per update: an update adds to a report, it is not a second report. */
export const updatePhotoLimit = 1;

export async function postResidentUpdate(
  context: AppContext,
  serviceRequestId: string,
  { fields, files }: ReadForm,
  client?: ResidentUpdateClient,
): Promise<{ update_id: string }> {
  const { repositories, config } = context;
  const { values, problems } = singleValues(fields, ['api_key', 'locale', 'verified_email', ...residentUpdateFields]);
  await requireApiKey(repositories.apiKeys, values.api_key);
  const missingText = values.description === undefined || values.description.trim() === '';
  if (missingText) problems.push(missingUpdateText);
  const parsed = residentUpdateInputSchema.safeParse(values);
  // A missing text is said once, in words that say what to write.
  if (!parsed.success) problems.push(...describeIssues(parsed.error).filter((issue) => !(missingText && issue.field === 'description')).map((issue) => issue.message));
  if (files.length > updatePhotoLimit) problems.push(tooManyPhotos.text({ limit: updatePhotoLimit }));
  if (problems.length > 0 || !parsed.success) throw badRequest(problems);
  const input = parsed.data;

  const record = await repositories.serviceRequests.find(serviceRequestId);
  if (!record || record.moderation !== 'published') throw notFound(`service_request_id ${serviceRequestId} not found`);
  const reporter = record.email?.toLowerCase();
  if (input.state !== undefined && (reporter === undefined || values.verified_email?.trim().toLowerCase() !== reporter)) throw badRequest(stateOnlyForReporter);

  const [image] = await processPhotos(await readPhotos(files), { config: { ...config, MEDIA_MAX_FILES: updatePhotoLimit }, decoding: context.decoding });
  const mediaFile = image ? await repositories.media.save(image.buffer, image.extension) : null;
  const now = context.now();
  const locale = resolveLocale(values.locale);
  const update: NewResidentUpdate = {
    id: newServiceRequestId(),
    service_request_id: serviceRequestId,
    body_id: record.body_id,
    text: input.description,
    media_file: mediaFile,
    name: input.name ?? null,
    show_name: input.show_name && input.name !== undefined,
    email: input.email ?? null,
    locale,
    state: input.state ?? null,
    created_at: now,
    client: client ?? null,
  };
  const settings = { links: context.mailLinks, timeZone: config.TZ_NAME, mailFrom: config.MAIL_FROM, serviceTypes: await repositories.serviceTypes.list(), now };
  const receipt = update.email && !client ? residentUpdateReceipt(record, { email: update.email, locale }, update.text, settings) : undefined;
  let stored: string;
  try {
    stored = await repositories.residentUpdates.create(update, receipt);
  } catch (error) {
    // Nothing was committed: do not leave an orphaned photo behind.
    if (mediaFile) await repositories.media.remove(mediaFile).catch(() => undefined);
    throw error;
  }
  // A repeat that raced its first: the first's update stands, this one's photo goes.
  if (stored !== update.id) {
    if (mediaFile) await repositories.media.remove(mediaFile).catch(() => undefined);
    return { update_id: stored };
  }
  if (receipt) announceOutboxMessage();
  return { update_id: update.id };
}
