/**
 * Who is signed in as a resident ("My reports", /account), asked of /residents/api/session,
 * which answers 200 either way. The account page and the report form's contact fields both ask;
 * any failure means "nobody", so a report never waits on it. A browser where nobody signed in
 * (no marker, lib/signed-in-markers.ts) is "nobody" without asking.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../shared/paths';
import type { ResidentSessionAnswer } from '../../shared/residents/wire';
import { api } from '../lib/http-client';
import { mayBeSignedInAsResident } from '../lib/signed-in-markers';

export const residentKeys = {
  all: ['resident'] as const,
  session: ['resident', 'session'] as const,
  me: (locale: string) => ['resident', 'me', locale] as const,
};

export async function getResidentSession({ signal }: { signal?: AbortSignal } = {}): Promise<ResidentSessionAnswer> {
  if (!mayBeSignedInAsResident()) return { signedIn: false };
  try {
    const answer = await api.get<ResidentSessionAnswer>(`${paths.residentsApi}/session`, { signal });
    return answer?.signedIn === true && typeof answer.email === 'string' ? answer : { signedIn: false };
  } catch {
    return { signedIn: false };
  }
}

export const residentSessionQueryOptions = queryOptions({
  queryKey: residentKeys.session,
  queryFn: ({ signal }) => getResidentSession({ signal }),
  staleTime: 60_000,
});

export function useResidentSession() {
  return useQuery(residentSessionQueryOptions);
}
