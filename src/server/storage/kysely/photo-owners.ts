import type { Engine } from './engine';
import type { PhotoOwner, PhotoOwnerRepository } from '../repositories/media';

/**
 * Which request a photo belongs to and whether the public may see it (media/routes.ts asks on
 * every photo served, so a rejection takes the photo down at once on every instance). A file
 * names one request's photo or one update's (names are random), so the first row found answers.
 */
export function createPhotoOwnerRepository({ db }: Engine): PhotoOwnerRepository {
  return {
    async ownerOf(fileName): Promise<PhotoOwner | undefined> {
      const requestPhoto = await db
        .selectFrom('request_media')
        .innerJoin('service_requests', 'service_requests.service_request_id', 'request_media.service_request_id')
        .select(['service_requests.service_request_id', 'service_requests.body_id', 'service_requests.moderation'])
        .where('request_media.file_name', '=', fileName)
        .executeTakeFirst();
      if (requestPhoto) {
        return { serviceRequestId: requestPhoto.service_request_id, bodyId: requestPhoto.body_id, isPublic: requestPhoto.moderation !== 'rejected' };
      }
      const updatePhoto = await db
        .selectFrom('resident_updates')
        .innerJoin('service_requests', 'service_requests.service_request_id', 'resident_updates.service_request_id')
        .select(['service_requests.service_request_id', 'service_requests.body_id', 'service_requests.moderation as request_moderation', 'resident_updates.moderation'])
        .where('resident_updates.media_file', '=', fileName)
        .executeTakeFirst();
      if (!updatePhoto) return undefined;
      return {
        serviceRequestId: updatePhoto.service_request_id,
        bodyId: updatePhoto.body_id,
        isPublic: updatePhoto.request_moderation !== 'rejected' && updatePhoto.moderation === 'published',
      };
    },

    // Every table that names a photo file: a request's photos and residents' updates' photos.
    async namedAmong(fileNames) {
      const named = new Set<string>();
      if (fileNames.length === 0) return named;
      const names = [...fileNames];
      const requestPhotos = await db.selectFrom('request_media').select('file_name').where('file_name', 'in', names).execute();
      for (const row of requestPhotos) named.add(row.file_name);
      const updatePhotos = await db.selectFrom('resident_updates').select('media_file').where('media_file', 'in', names).execute();
      for (const row of updatePhotos) if (row.media_file !== null) named.add(row.media_file);
      return named;
    },
  };
}
