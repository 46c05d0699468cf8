import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useResidentSession } from '../../../api/resident-session';
import type { ReportFormValues } from '../validation/report-form-values';

/**
 * A resident signed in ("My reports") gets the contact fields filled from their session: the
 * proven email and the names of their latest report. Only empty fields, once: what the draft
 * or the person wrote stays. Nobody signed in: nothing changes.
 */
export function useResidentContact(form: Pick<UseFormReturn<ReportFormValues>, 'getValues' | 'setValue'>): void {
  const session = useResidentSession();
  const filled = useRef(false);
  const { getValues, setValue } = form;
  useEffect(() => {
    const resident = session.data;
    if (filled.current || !resident?.signedIn) return;
    filled.current = true;
    const contact = { email: resident.email, first_name: resident.firstName, last_name: resident.lastName } as const;
    for (const [field, value] of Object.entries(contact) as [keyof typeof contact, string][]) {
      if (value !== '' && getValues(field).trim() === '') setValue(field, value, { shouldDirty: true });
    }
  }, [session.data, getValues, setValue]);
}
