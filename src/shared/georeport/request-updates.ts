/**
 * mySociety's servicerequestupdates extension of GeoReport v2 (FixMyStreet, open311-adapter):
 * the statuses an update may carry, as open311-adapter's `status_extended` lists them. Lower case
 * on GET; a POST's may come in any case (FixMyStreet sends them upper case).
 */
export const extensionStatuses = [
  'open',
  'closed',
  'fixed',
  'in_progress',
  'action_scheduled',
  'investigating',
  'duplicate',
  'not_councils_responsibility',
  'no_further_action',
  'internal_referral',
  'reopen',
  'unchanged',
  'planned',
  'cancelled',
  'for_triage',
] as const;
export type ExtensionStatus = (typeof extensionStatuses)[number];

export const isExtensionStatus = (value: string): value is ExtensionStatus => (extensionStatuses as readonly string[]).includes(value);
