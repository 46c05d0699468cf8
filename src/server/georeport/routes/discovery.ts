/** GET discovery.[format]: where the API is, its formats and changeset. */
import type { AppContext } from '../../context';
import { presentDiscovery } from '../../open311/presenter';
import { publicBaseUrl, sendDocument } from '../../open311/reply';
import type { FormatHandler } from './handler';

// The interface's own changeset: bump it when the API changes.
const apiChangeset = '2026-11-21T00:00:00Z';

export function discoveryHandler(context: AppContext): FormatHandler {
  return async (request, reply, format) => {
    const baseUrl = publicBaseUrl(request, context.config);
    return sendDocument(reply, presentDiscovery(baseUrl, apiChangeset, `${baseUrl}/`), format);
  };
}
