import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MEDIA_CONTENT_TYPES, mediaExtensionOf, type MediaStore, type PhotoOwnerRepository } from '../storage/repositories/media';

/** Public URL of a stored photo, as it appears in media_url / media_urls. */
export function mediaUrl(baseUrl: string, fileName: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/media/${fileName}`;
}

const notFoundBody = [{ code: 404, description: 'media file not found' }];

export interface MediaRouteOptions {
  store: Pick<MediaStore, 'open'>;
  owners: PhotoOwnerRepository;
  /** Whether this request may see a photo the public may not (a moderator of the photo's body). */
  mayPreview: (request: FastifyRequest, bodyId: string | null) => Promise<boolean>;
}

/**
 * Public photos are revalidated on every use (`no-cache`, answered 304 by their ETag): a photo
 * whose report is rejected or hidden must stop being served at once, by us and by every cache
 * between us and a browser, and a year's `immutable` would have let them keep it.
 */
const publicCaching = 'public, no-cache';
/** A photo shown to its moderators before (or after) the public may see it: kept by nobody. */
const previewCaching = 'private, no-store';

/**
 * Serves stored photos at /media/:fileName (GET and HEAD): to everyone while the report that holds
 * the photo may be read (pending or published: not rejected, nor hidden on an abuse report) and,
 * for a resident's update, once the update is published; to that report's moderators otherwise. To
 * anyone else such a photo is a 404, as one that does not exist.
 */
export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (app, { store, owners, mayPreview }) => {
  // HEAD is declared, not left to fastify's derived route, which would read the whole file to discard it.
  app.route<{ Params: { fileName: string } }>({
    method: ['GET', 'HEAD'],
    url: '/:fileName',
    handler: async (request, reply) => {
      const { fileName } = request.params;
      const extension = mediaExtensionOf(fileName);
      const owner = extension ? await owners.ownerOf(fileName) : undefined;
      const visible = owner !== undefined && (owner.isPublic || (await mayPreview(request, owner.bodyId)));
      const file = extension && visible ? await store.open(fileName) : undefined;
      if (!extension || !owner || !file) return reply.code(404).type('application/json; charset=utf-8').send(notFoundBody);

      // A file's name is random and its content never changes, so the name is a perfect ETag.
      const etag = `"${fileName}"`;
      reply
        .header('Cache-Control', owner.isPublic ? publicCaching : previewCaching)
        .header('X-Content-Type-Options', 'nosniff')
        // Defence in depth: even if a browser ever rendered the bytes as a document, no script runs.
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('ETag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        file.stream.destroy();
        return reply.code(304).send();
      }
      reply.type(MEDIA_CONTENT_TYPES[extension]).header('Content-Length', file.size);
      if (request.method === 'HEAD') {
        file.stream.destroy();
        return reply.send();
      }
      return reply.send(file.stream);
    },
  });
};

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}
