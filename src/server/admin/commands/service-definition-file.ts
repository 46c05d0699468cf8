/**
 * A city's GeoReport service definition (`services/{code}.json`) in one language:
 * { service_code, attributes: [{ variable, code, datatype, required, datatype_description, order,
 * description, values: [{ key, name }] }] }. Each problem names the file, the attribute (index and
 * code) and the field.
 */
import { z } from 'zod';
import { attributeDatatypes } from '../../../shared/georeport/attribute-rules';
import { expected, issuesOf, parseJsonFile, serviceCodeSchema } from './service-list-file';

const key = z.union([z.string().trim().min(1, 'must not be empty').max(200), z.number()], expected('a string or a number')).transform(String);

const attributeSchema = z
  .object(
    {
      variable: z.boolean(expected('true or false')).default(true),
      code: key,
      datatype: z.enum(attributeDatatypes, { error: `must be one of ${attributeDatatypes.join(', ')}` }),
      required: z.boolean(expected('true or false')).default(false),
      // Some servers send null for "no description".
      datatype_description: z.string(expected('a string')).max(1000).nullish().transform((value) => value ?? ''),
      order: z.number(expected('a whole number')).int('must be a whole number').default(0),
      description: z.string(expected('a string')).trim().min(1, 'must not be empty: it is the question residents see').max(1000),
      values: z
        .array(z.object({ key, name: z.string(expected('a string')).trim().min(1, 'must not be empty').max(300) }, expected('an object')), expected('an array'))
        .default([]),
    },
    expected('an object'),
  )
  .superRefine((attribute, context) => {
    const isList = attribute.datatype === 'singlevaluelist' || attribute.datatype === 'multivaluelist';
    if (isList && attribute.values.length === 0) context.addIssue({ code: 'custom', path: ['values'], message: `must list the choices of a ${attribute.datatype}` });
    const keys = attribute.values.map((value) => value.key);
    const twice = keys.find((value, index) => keys.indexOf(value) !== index);
    if (twice !== undefined) context.addIssue({ code: 'custom', path: ['values'], message: `key ${twice} is listed twice` });
  });

export type DefinitionAttribute = z.infer<typeof attributeSchema>;

export interface ServiceDefinition {
  file: string;
  service_code: string;
  attributes: DefinitionAttribute[];
}

const definitionSchema = z.object({ service_code: serviceCodeSchema, attributes: z.array(z.unknown(), expected('an array')) }, expected('an object'));

export function parseDefinitionFile(file: string, text: string): { definition?: ServiceDefinition; problems: string[] } {
  const parsed = parseJsonFile(file, text);
  if ('problem' in parsed) return { problems: [parsed.problem] };
  const definition = definitionSchema.safeParse(parsed.json);
  if (!definition.success) return { problems: [`${file}: not a GeoReport service definition: ${issuesOf(definition.error)}`] };
  const label = `${file} (service_code ${definition.data.service_code})`;
  const attributes: DefinitionAttribute[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  definition.data.attributes.forEach((raw, index) => {
    const code = (raw as { code?: unknown } | null)?.code;
    const where = `${label}: attribute ${index}${typeof code === 'string' || typeof code === 'number' ? ` (code ${String(code)})` : ''}`;
    const attribute = attributeSchema.safeParse(raw);
    if (!attribute.success) {
      problems.push(`${where}: ${issuesOf(attribute.error)}`);
      return;
    }
    const earlier = seen.get(attribute.data.code);
    if (earlier !== undefined) {
      problems.push(`${where}: code: duplicated (attribute ${earlier} has it too)`);
      return;
    }
    seen.set(attribute.data.code, index);
    attributes.push(attribute.data);
  });
  return { definition: { file, service_code: definition.data.service_code, attributes }, problems };
}
