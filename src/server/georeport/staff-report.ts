/**
 * A report a moderator records for a caller, taken by phone or at a desk (issue 41, item 8). It
 * goes through the residents' creation (./create-service-request.ts): the same shared
 * schema, address lookup, service type and attribute checks, body assignment and receipt, so a
 * report recorded by staff is the same as one a resident sends. The caller's name, email and
 * phone are the reporter's (never public); the audit says who recorded it, not the caller's data.
 * The moderation API reaches it through app.ts (it does not reach into this service), and says
 * how its refusals are worded: `refuse`, in that API's format.
 */
import type { z } from 'zod';
import { serviceRequestInputSchema } from '../../shared/georeport/request-input-schema';
import { unknownServiceCode } from '../../shared/georeport/problems';
import { resolveLocale } from '../../shared/locales';
import { locateAddressOnly, postalCodeOfAddress } from './address-location';
import { readAttributes } from './attributes';
import { createServiceRequest, readPhotos, reporterReceipt } from './create-service-request';
import type { GeoReportContext } from './service-context';
import { announceForwardJob } from '../forwarding/forward-signal';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { GeoReportError } from '../open311/errors';
import { translationOf } from '../open311/presenter';
import type { SpooledFile } from '../open311/upload-spool';
import type { NewServiceRequest } from '../storage/repositories/types';

/** The console's form, as the moderation route's schema let it through (moderation/input.ts callerReportBody). */
export interface CallerReport {
  service_code: string;
  description: string;
  title?: string | undefined;
  lat?: number | undefined;
  long?: number | undefined;
  address_string?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** The caller's language: their receipt and the report's are in it. */
  locale?: string | undefined;
  attributes?: Record<string, string | string[]> | undefined;
}

export interface Recorder {
  moderator: string;
  /** Whether the moderator may record a report for this body (their own bodies only). */
  bodyAllowed: (bodyId: string | null) => boolean;
}

/** The refusals in the calling API's format: the shared schema's issues, or one problem (of a field, when one is named). */
export interface Refusals {
  input: (error: z.ZodError) => Error;
  problem: (message: string, field?: { field: string; code: 'invalid' | 'unknown_service_code' }) => Error;
}

/** The report as GeoReport form fields: the residents' checks read those. */
function formFieldsOf(report: CallerReport): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(report)) {
    if (value === undefined || name === 'attributes') continue;
    fields[name] = String(value);
  }
  for (const [code, value] of Object.entries(report.attributes ?? {})) fields[`attribute[${code}]`] = value;
  return fields;
}

/** Stores the caller's report, pending moderation like a resident's; its receipt goes to the caller's email, if given. */
export async function recordCallerReport(
  context: GeoReportContext,
  refuse: Refusals,
  recorder: Recorder,
  report: CallerReport,
  photos: SpooledFile[] = [],
): Promise<NewServiceRequest> {
  const { repositories } = context;
  const fields = formFieldsOf(report);
  const scalars = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const located = await locateAddressOnly(scalars, repositories);
  if (located.problem) {
    throw refuse.problem(located.problem, { field: 'address_string', code: 'invalid' });
  }
  const parsed = serviceRequestInputSchema.safeParse(located.values);
  if (!parsed.success) throw refuse.input(parsed.error);
  const input = parsed.data;

  const serviceType = await repositories.serviceTypes.find(input.service_code);
  if (!serviceType || serviceType.archived_at !== undefined) {
    throw refuse.problem(unknownServiceCode.text({ value: input.service_code, format: 'json' }), { field: 'service_code', code: 'unknown_service_code' });
  }
  const attributes = readAttributes(fields, serviceType.attributes);
  if (attributes.problems.length > 0) throw refuse.problem(attributes.problems.join('; '));

  const locale = resolveLocale(report.locale);
  const now = context.now();
  // The caller spelled the address to staff: as with any typed address, the receipt quotes the report only to a confirmed one.
  const receipt = await reporterReceipt(context, serviceType, input, now);
  const { jurisdictions } = context;
  let created: NewServiceRequest;
  try {
    created = await createServiceRequest(
      {
        ...context,
        receipt,
        // A moderator records only in their own bodies: a place another body handles is refused before anything is stored.
        bodyAllowed: recorder.bodyAllowed,
        audit: (record) => ({
          at: now,
          moderator: recorder.moderator,
          action: 'recorded_by_staff',
          service_request_id: record.service_request_id,
          // Which ways to reach the caller were given, never the values: the audit holds no personal data.
          details: { email_given: record.email !== null, phone_given: record.phone !== null, name_given: record.first_name !== null || record.last_name !== null },
        }),
      },
      {
        input,
        attributes: attributes.values,
        locale,
        // Read into memory only now that the report's fields are valid, checked and re-encoded as a resident's.
        photos: await readPhotos(photos),
        now,
        zipCode: located.location ? located.location.postalCode : await postalCodeOfAddress(input, repositories),
        scope: await jurisdictions.resolve(undefined),
        serviceName: translationOf(serviceType, locale).service_name,
      },
    );
  } catch (error) {
    // The residents' checks answer in GeoReport's words; the console reads the moderation API's format.
    if (error instanceof GeoReportError) throw refuse.problem(error.message);
    throw error;
  }
  if (created.email) announceOutboxMessage();
  announceForwardJob();
  return created;
}
