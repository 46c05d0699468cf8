/** Photos as rows (media-blobs.ts). */

/** PostgreSQL only: photos as rows when no shared media directory is configured. */
export interface MediaBlobsTable {
  file_name: string;
  content: Buffer;
  created_at: number;
}

export interface MediaBlobTables {
  media_blobs: MediaBlobsTable;
}
