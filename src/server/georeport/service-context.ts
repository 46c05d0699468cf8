import type { AppContext } from '../context';
import { createJurisdictions, type Jurisdictions } from './jurisdiction';

/**
 * The app's context and what the GeoReport service keeps for itself: the jurisdictions it answers
 * to. The service adds to the app's context rather than the context knowing the service; app.ts
 * makes one for the service's routes and the embedded proxy's reports alike.
 */
export interface GeoReportContext extends AppContext {
  /** The jurisdiction_ids GeoReport answers to: the installation's own and its bodies'. */
  jurisdictions: Jurisdictions;
}

export function createGeoReportContext(context: AppContext): GeoReportContext {
  return { ...context, jurisdictions: createJurisdictions(context.repositories.bodies, context.config.JURISDICTION_ID) };
}
