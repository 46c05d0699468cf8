import { createContext, useContext } from 'react';
import type { ModeratorSession } from '../api/moderation-schema';

export interface ConsoleSession {
  session: ModeratorSession;
  /** Leaves the console for the login page: after signing out, or when the server ended the session. */
  endSession: (reason: 'signed-out' | 'expired') => void;
}

export const ConsoleSessionContext = createContext<ConsoleSession | null>(null);

/** The signed-in moderator; only inside ModerationGate. */
export function useConsoleSession(): ConsoleSession {
  const value = useContext(ConsoleSessionContext);
  if (!value) throw new Error('useConsoleSession needs a ModerationGate around it');
  return value;
}
