import { useMutation } from '@tanstack/react-query';
import type { AlertInput } from '@/shared/alerts/wire';
import { api } from '../../../lib/http-client';

/** The installation's own resident API: alerts are Kerro's, never a city's GeoReport service's. */
const alertsUrl = '/residents/api/alerts';

/** Asks for the confirmation email; the alert starts once its link is opened. */
export async function subscribeAlert(input: AlertInput): Promise<void> {
  await api.post(alertsUrl, input);
}

export function useSubscribeAlert() {
  return useMutation({ mutationFn: subscribeAlert });
}
