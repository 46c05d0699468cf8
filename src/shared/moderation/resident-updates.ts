/** A resident's update as the moderation API answers it (GET /moderation/api/updates, publish, reject). */
export type ModerationUpdate = {
  update_id: string;
  service_request_id: string;
  /** The report's title, or its service type's name when it has none. */
  report_title: string;
  moderation: 'pending' | 'published' | 'rejected';
  text: string;
  photo_url: string | null;
  name: string | null;
  show_name: boolean;
  /** The reporter's word, when the poster was the reporter. */
  state: 'fixed' | 'still_there' | null;
  created_at: string;
};

export type ModerationUpdateList = { items: ModerationUpdate[] };
