import type { AnswerValues } from '../../../lib/service-questions';

/** The fields of the report form, as the shared schema names them; all plain strings in the form. */
export const reportFieldNames = [
  'service_code',
  'lat',
  'long',
  'service_object_id',
  'service_object_type',
  'address_string',
  'title',
  'description',
  'email',
  'first_name',
  'last_name',
  'phone',
] as const;

export type ReportField = (typeof reportFieldNames)[number];

export type ReportFormValues = Record<ReportField, string> & {
  /** Shown in words for a chosen service object; not sent (the API knows it by id). */
  service_object_name: string;
  /**
   * The address the geocoder found at the pin (or the chosen place's name and address): shown
   * with the place, and copied into address_string unless the person wrote their own there.
   */
  found_address: string;
  /** Answers to the chosen service type's own questions, by attribute code. */
  answers: AnswerValues;
};

export const emptyReportValues: ReportFormValues = {
  service_code: '',
  lat: '',
  long: '',
  service_object_id: '',
  service_object_type: '',
  service_object_name: '',
  found_address: '',
  address_string: '',
  title: '',
  description: '',
  email: '',
  first_name: '',
  last_name: '',
  phone: '',
  answers: {},
};

/** Where an error is shown and focused: the location fields share one place in the form. */
export type ErrorTarget = 'service_code' | 'location' | 'address_string' | 'answers' | 'title' | 'description' | 'photos' | 'email' | 'first_name' | 'last_name' | 'phone';

/** Form order: the first of these with an error gets the focus. */
export const errorTargetOrder: readonly ErrorTarget[] = [
  'service_code',
  'location',
  'address_string',
  'answers',
  'title',
  'description',
  'photos',
  'email',
  'first_name',
  'last_name',
  'phone',
];

const locationFields = new Set(['lat', 'long', 'service_object_id', 'service_object_type', 'address_id']);

/** The form place of an API or schema field name ("media[]" → photos, "long" → location). */
export function errorTargetOf(field: string | undefined): ErrorTarget | undefined {
  if (field === undefined) return undefined;
  if (locationFields.has(field)) return 'location';
  if (field === 'media' || field === 'media[]' || field === 'media_url') return 'photos';
  return (errorTargetOrder as readonly string[]).includes(field) ? (field as ErrorTarget) : undefined;
}
