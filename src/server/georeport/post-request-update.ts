/**
 * POST servicerequestupdates.[format] (mySociety's extension, issue 40, item 8): another system
 * (FixMyStreet, say) posts one of its residents' updates on a request it reported. It becomes a
 * Kerro resident's update (resident-update.ts): pending until a moderator publishes it, its text
 * held to the same rules. The fields are the extension's, as open311-adapter takes them; the
 * status counts only as shared/georeport/extension-status.ts says. The caller's own id for the update
 * (update_id_ext, or update_id as FixMyStreet sends it now) makes the post idempotent: the same
 * key and id answer the first update_id again, however late the repeat comes.
 */
import { createHash } from 'node:crypto';
import { statusOfDetailedStatus } from '../../shared/georeport/detailed-status';
import { extensionStatuses, isExtensionStatus } from '../../shared/georeport/request-updates';
import { parseW3cDateTime } from '../time/w3c';
import { badRequest, notFound } from '../open311/errors';
import { singleValues, type FormFields, type ReadForm } from '../open311/form-reader';
import type { ResidentUpdateClient } from '../storage/repositories/types';
import { requireApiKey } from './api-key-check';
import { inJurisdiction } from './jurisdiction';
import { residentStateOf } from '../../shared/georeport/extension-status';
import { postResidentUpdate, updatePhotoLimit } from './resident-update';
import type { GeoReportContext } from './service-context';

const fieldNames = [
  'api_key', 'jurisdiction_id', 'service_request_id', 'update_id', 'update_id_ext', 'status', 'updated_datetime', 'description',
  'email', 'first_name', 'last_name', 'public_anonymity_required', 'locale',
] as const;

/** The one text of each field; blank counts as absent. */
function present(values: Record<string, string>, name: (typeof fieldNames)[number]): string | undefined {
  const value = values[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** FixMyStreet sends "-" as the last name of someone who gave one name only. */
const nameOf = (first: string | undefined, last: string | undefined) => [first, last === '-' ? undefined : last].filter((part) => part !== undefined).join(' ');

export async function postRequestUpdate(context: GeoReportContext, { fields, files }: ReadForm): Promise<{ update_id: string }> {
  const { repositories } = context;
  const { values, problems } = singleValues(fields, fieldNames);
  await requireApiKey(repositories.apiKeys, values.api_key);
  const serviceRequestId = present(values, 'service_request_id');
  const clientUpdateId = present(values, 'update_id_ext') ?? present(values, 'update_id');
  const status = present(values, 'status')?.toLowerCase();
  const knownStatus = status !== undefined && isExtensionStatus(status) ? status : undefined;
  const updatedAt = present(values, 'updated_datetime');
  if (serviceRequestId === undefined) problems.push('service_request_id is required: the id Kerro answered when the report was posted');
  if (clientUpdateId === undefined) problems.push('update_id_ext (or update_id) is required: your own id for this update, so a repeat is not stored twice');
  else if (clientUpdateId.length > 255) problems.push('update_id_ext must be at most 255 characters');
  if (status === undefined) problems.push(`status is required: one of ${extensionStatuses.join(', ')} (any case)`);
  else if (knownStatus === undefined) problems.push(`status must be one of ${extensionStatuses.join(', ')} (any case); got ${status}`);
  if (updatedAt === undefined) problems.push('updated_datetime is required: when the update was made, a W3C datetime such as 2026-11-01T10:00:00Z');
  else if (parseW3cDateTime(updatedAt) === undefined) problems.push('updated_datetime must be a W3C datetime with a zone, such as 2026-11-01T10:00:00Z');
  const anonymity = present(values, 'public_anonymity_required')?.toUpperCase();
  if (anonymity !== undefined && anonymity !== 'TRUE' && anonymity !== 'FALSE') problems.push('public_anonymity_required must be TRUE or FALSE');
  if (problems.length > 0) throw badRequest(problems);

  // A key is kept only as its digest, as the idempotency records keep it.
  const client: ResidentUpdateClient = { scope: createHash('sha256').update(values.api_key!.trim()).digest('hex'), update_id: clientUpdateId! };
  const first = await repositories.residentUpdates.findByClient(client);
  if (first) return { update_id: first.id };

  const scope = await context.jurisdictions.resolve(present(values, 'jurisdiction_id'));
  const record = await repositories.serviceRequests.find(serviceRequestId!);
  if (!record || record.moderation !== 'published' || !inJurisdiction(record, scope)) {
    throw notFound(`service_request_id ${serviceRequestId} not found${scope.body ? ` in jurisdiction_id ${scope.body.jurisdiction_id}` : ''}`);
  }
  // The caller vouches for its resident's address, as the proxy does for a signed-in one.
  const email = present(values, 'email');
  const fromReporter = email !== undefined && email.toLowerCase() === record.email?.toLowerCase();
  const state = fromReporter ? residentStateOf(knownStatus!, statusOfDetailedStatus(record.detailed_status)) : undefined;
  const name = nameOf(present(values, 'first_name'), present(values, 'last_name'));
  const residentFields: FormFields = Object.assign(Object.create(null) as FormFields, {
    api_key: values.api_key!,
    description: values.description ?? '',
    ...(values.locale !== undefined ? { locale: values.locale } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(name !== '' ? { name } : {}),
    // The extension's default is the name kept back; FALSE says it may be shown.
    ...(anonymity === 'FALSE' && name !== '' ? { show_name: 'true' } : {}),
    ...(state !== undefined ? { state, verified_email: email! } : {}),
  });
  // One photo per update, as for every resident's update: the first one sent.
  return postResidentUpdate(context, record.service_request_id, { fields: residentFields, files: files.slice(0, updatePhotoLimit) }, client);
}
