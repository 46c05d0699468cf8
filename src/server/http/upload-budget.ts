/**
 * A budget on upload bytes in flight across the whole process: past it an upload is refused at
 * once (503 with Retry-After) instead of being spooled, so a crowd of large or hostile uploads
 * cannot fill the disk or hold every connection.
 */
export interface UploadBudget {
  /** Reserves `bytes`; false when they do not fit now. */
  take(bytes: number): boolean;
  release(bytes: number): void;
  readonly inFlight: number;
  readonly max: number;
}

export function createUploadBudget(max: number): UploadBudget {
  let inFlight = 0;
  return {
    take(bytes) {
      if (inFlight + bytes > max) return false;
      inFlight += bytes;
      return true;
    },
    release(bytes) {
      inFlight = Math.max(0, inFlight - bytes);
    },
    get inFlight() {
      return inFlight;
    },
    max,
  };
}
