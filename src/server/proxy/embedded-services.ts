/**
 * What the proxy needs of the services embedded in this process, as an interface: the proxy never
 * imports the GeoReport service (ARCHITECTURE.md); app.ts connects the embedded service to this.
 */
import type { FastifyReply, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ReadForm } from '../open311/form-reader';
import type { GeoReportFormat } from '../open311/serializers';
import type { CachedUpstreamAnswer } from './upstream';

export interface EmbeddedServices {
  /** A request to this same server's routes, handled in-process (Fastify's inject). */
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /**
   * The counter list page (`?query`, no suffix) as the service's route answers it, links built on
   * `base`; throws for anything the route would refuse (the proxy then asks the route itself).
   */
  counterListPage: (ask: { base: string; query: string; accept: string | undefined }) => Promise<CachedUpstreamAnswer>;
  geoReport: {
    /**
     * POST requests.{format} with the form as read by the proxy: the service checks the key and
     * the fields as it does for any caller and answers on `reply` (or throws a GeoReportError);
     * the photos are read from the proxy's spool, never parsed or written again.
     */
    createRequest: (reply: FastifyReply, format: GeoReportFormat, form: ReadForm) => Promise<unknown>;
  };
}
