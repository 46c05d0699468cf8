import type { FastifyPluginAsync } from 'fastify';
import { MEDIA_CONTENT_TYPES, mediaExtensionOf, type MediaStore } from '../storage/repositories/media';

/** Public URL of a stored photo, as it appears in media_url / media_urls. */
export function mediaUrl(baseUrl: string, fileName: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/media/${fileName}`;
}

const notFoundBody = [{ code: 404, description: 'media file not found' }];

/** Serves stored photos at /media/:fileName (GET and HEAD) from the photo store it is given. */
export const mediaRoutes: FastifyPluginAsync<{ store: Pick<MediaStore, 'open'> }> = async (app, { store }) => {
  // HEAD is declared, not left to fastify's derived route, which would read the whole file to discard it.
  app.route<{ Params: { fileName: string } }>({
    method: ['GET', 'HEAD'],
    url: '/:fileName',
    handler: async (request, reply) => {
      const { fileName } = request.params;
      const extension = mediaExtensionOf(fileName);
      const file = extension ? await store.open(fileName) : undefined;
      if (!extension || !file) return reply.code(404).type('application/json; charset=utf-8').send(notFoundBody);

      // A file's name is random and its content never changes, so the name is a perfect ETag.
      const etag = `"${fileName}"`;
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
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
