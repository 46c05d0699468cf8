/**
 * A service type's GeoReport service definition (GET services/{code}.json), checked with zod: its
 * questions. Common to the residents' report flow, which loads it after the first paint with its
 * other checks (features/report/validation/report-checks.ts), and the console's caller form.
 */
import { z } from 'zod';
import { attributeDatatypes } from '@/shared/georeport/attribute-rules';

export const definitionSchema = z.object({
  service_code: z.coerce.string(),
  attributes: z
    .array(
      z.object({
        variable: z.boolean(),
        code: z.string().min(1),
        datatype: z.enum(attributeDatatypes),
        required: z.boolean(),
        datatype_description: z.string().catch(''),
        order: z.coerce.number().catch(0),
        description: z.string(),
        values: z.array(z.object({ key: z.coerce.string(), name: z.coerce.string() })).catch([]),
      }),
    )
    .catch([]),
});
