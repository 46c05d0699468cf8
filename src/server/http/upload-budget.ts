/**
 * A budget on upload bytes in flight across the whole process: past it an upload is refused at
 * once instead of being spooled, so a crowd of large or hostile uploads cannot fill the disk or
 * hold every connection. Two rules keep a few clients from taking it all: one client (by its
 * address, an IPv6 one by its /64) may hold at most its share, and the last part of the budget is
 * kept for small bodies, so photo bytes can never refuse a report without photos.
 */
export interface UploadBudget {
  /** Reserves `bytes` for `client` (an address key), or says whose limit they do not fit in now. */
  take(bytes: number, client: string): UploadReservation;
  readonly inFlight: number;
  readonly max: number;
}

export type UploadReservation = { taken: true; release: () => void } | { taken: false; full: 'server' | 'client' };

export interface UploadBudgetLimits {
  /** All bodies together (UPLOAD_BYTES_IN_FLIGHT_MAX). */
  max: number;
  /** One client's bodies together (UPLOAD_BYTES_PER_CLIENT_MAX); 0: no share. */
  perClient: number;
}

/**
 * A body this small carries no photo worth the name (a report's fields are a few KB): it is never
 * refused for a client's share, and may use the part of the budget photos may not.
 */
export const smallBodyBytes = 64 * 1024;

/** The part of the budget only small bodies may use: photo uploads fill at most the rest. */
export const smallBodyReserve = (max: number) => Math.floor(max / 8);

export function createUploadBudget(limits: UploadBudgetLimits): UploadBudget {
  let inFlight = 0;
  const byClient = new Map<string, number>();
  const photoRoom = limits.max - smallBodyReserve(limits.max);
  return {
    take(bytes, client) {
      const small = bytes <= smallBodyBytes;
      const held = byClient.get(client) ?? 0;
      if (inFlight + bytes > (small ? limits.max : photoRoom)) return { taken: false, full: 'server' };
      if (!small && limits.perClient > 0 && held + bytes > limits.perClient) return { taken: false, full: 'client' };
      inFlight += bytes;
      byClient.set(client, held + bytes);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inFlight -= bytes;
        const left = (byClient.get(client) ?? bytes) - bytes;
        if (left <= 0) byClient.delete(client);
        else byClient.set(client, left);
      };
      return { taken: true, release };
    },
    get inFlight() {
      return inFlight;
    },
    max: limits.max,
  };
}
