/** Residents' sign-in links and sessions (residents.ts). */

/** A one-time sign-in link, by the SHA-256 of its token; used_at set once, when it is used. */
export interface ResidentSignInsTable {
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A resident's session, by the SHA-256 of its cookie's token. */
export interface ResidentSessionsTable {
  id: string;
  email: string;
  created_at: number;
  expires_at: number;
}

export interface ResidentTables {
  resident_sign_ins: ResidentSignInsTable;
  resident_sessions: ResidentSessionsTable;
}
