/** The dashboard's and the exports' route schemas (issue 41, item 9): one filter, JSON figures or streamed files. */
import { z } from 'zod';
import { dashboardStates } from '../../../shared/moderation/dashboard';
import { errorAnswers, jsonAnswer } from '../error-schemas';
import { dashboardQuery } from '../input';
import { tags } from './schemas';

const durationSchema = z.strictObject({ count: z.number().int(), median_ms: z.number().nullable(), p90_ms: z.number().nullable() });
const count = z.number().int();

const figuresSchema = z.strictObject({
  total: count,
  by_service_code: z.array(z.strictObject({ service_code: z.string(), service_name: z.string(), count })),
  by_state: z.strictObject(Object.fromEntries(dashboardStates.map((state) => [state, count])) as Record<(typeof dashboardStates)[number], typeof count>),
  by_month: z.array(z.strictObject({ month: z.string(), count })),
  by_week: z.array(z.strictObject({ week: z.string(), count })),
  open: count,
  overdue: count,
  reopened: count,
  time_to_publish: durationSchema,
  time_to_close: durationSchema,
});

const file = (type: string, description: string) => ({
  200: { description, content: { [type]: { schema: z.string().describe(description) } } },
  ...errorAnswers(400, 401, 404),
});

export const dashboardSchemas = {
  figures: {
    tags,
    summary: "The dashboard: counts by type, state, month and week, times to publish and close, open, overdue and reopened counts of the moderator's bodies' reports",
    querystring: dashboardQuery,
    response: { 200: jsonAnswer('The figures of the filtered reports', figuresSchema), ...errorAnswers(400, 401, 404) },
  },
  requestsCsv: {
    tags,
    summary: 'The filtered published reports as CSV (RFC 4180, UTF-8), streamed; no personal data',
    querystring: dashboardQuery,
    response: file('text/csv', 'CSV, a header row and one row per report'),
  },
  requestsGeoJson: {
    tags,
    summary: 'The filtered published reports as a GeoJSON FeatureCollection, streamed; no personal data',
    querystring: dashboardQuery,
    response: file('application/geo+json', 'A FeatureCollection, one Point feature per report (a report without a place has a null geometry)'),
  },
  updatesCsv: {
    tags,
    summary: "The public updates of the filtered published reports as CSV, streamed",
    querystring: dashboardQuery,
    response: file('text/csv', 'CSV, a header row and one row per public update'),
  },
};
