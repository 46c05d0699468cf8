import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { serviceRequestInputSchema } from '../../../../shared/georeport/request-input-schema';
import type { ReportFormValues } from './report-form-values';

/**
 * react-hook-form checks the form with the very schema the proxy and the GeoReport service use.
 * `raw` keeps the values as typed (strings): they go out as a form and the server parses them
 * again. Messages stay the schema's English here and are put into the UI language when shown
 * (translate-message.ts), so switching the language also changes errors already on screen.
 */
export const reportResolver = zodResolver(serviceRequestInputSchema, undefined, { raw: true }) as unknown as Resolver<ReportFormValues>;
