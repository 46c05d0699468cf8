/**
 * What the proxy needs of the services embedded in this process, as an interface: the proxy imports
 * protocols (open311/, drf/, pelias/), never a service (ARCHITECTURE.md); app.ts connects the
 * embedded services to this.
 */
import type { FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../context';
import type { ReadForm } from '../open311/form-reader';
import type { ClaimedKey } from '../open311/idempotency';
import type { GeoReportFormat } from '../open311/serializers';
import type { StoredAnswer } from '../storage/repositories/types';
import type { CachedUpstreamAnswer } from './upstream';

export interface EmbeddedServices {
  /** A request to this same server's routes, handled in-process (Fastify's inject). */
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /**
   * The counter list page (`?query`, no suffix) as the service's route answers it, links built on
   * `base`; throws for anything the route would refuse (the proxy then asks the route itself).
   */
  counterListPage: (ask: { base: string; query: string; accept: string | undefined }) => Promise<CachedUpstreamAnswer>;
  /** The embedded geocoder's routes (Pelias protocol), mounted by the proxy when GEOCODER_URL is unset. */
  geocoderRoutes: FastifyPluginAsync<{ context: AppContext }>;
  geoReport: {
    /**
     * POST requests.{format} with the form as read by the proxy: the service checks the key and
     * the fields as it does for any caller and gives its answer whole (or throws a
     * GeoReportError); the photos are read from the proxy's spool, never parsed or written again.
     * The proxy holds the submission's idempotency key: the service claims none, and records the
     * proxy's claimed key with the report, in its transaction.
     */
    createRequest: (format: GeoReportFormat, form: ReadForm, claimed?: ClaimedKey) => Promise<StoredAnswer>;
    /** POST requests/{id}/updates.{format} with the form as read by the proxy, the same way. */
    postUpdate: (format: GeoReportFormat, serviceRequestId: string, form: ReadForm) => Promise<StoredAnswer>;
  };
}
