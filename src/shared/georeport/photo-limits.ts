/**
 * How many photos a report takes and how large each may be, by default (the server's
 * MEDIA_MAX_FILES and MEDIA_MAX_FILE_BYTES): the forms offer as many as the service takes.
 */
export const defaultMaxPhotos = 5;
export const defaultMaxPhotoBytes = 10 * 1024 * 1024;
