/**
 * A budget on the pixels being decoded at once across the process. Decoding takes memory in
 * proportion to an image's pixels (a 48 MP JPEG held RSS up by about 250 MB while it decoded), so
 * twenty large photos decoding together took the server from 130 MB to 864 MB. Past the budget a
 * decode waits its turn, first come first served, so a large photo is never overtaken for ever by
 * small ones; one photo larger than the whole budget still decodes, alone.
 */
export interface DecodeBudget {
  /** Runs `decode` once `pixels` fit in the budget, holding them until it settles. */
  run<T>(pixels: number, decode: () => Promise<T>): Promise<T>;
  /** Pixels decoding now. */
  readonly inFlight: number;
  readonly max: number;
}

/** Bytes a decoded pixel is counted at: four bands (RGBA, or CMYK) of eight bits. */
export const DECODED_BYTES_PER_PIXEL = 4;

/**
 * The upload budget's worth of pixels: as many as fit, decoded, in the bytes uploads may hold in
 * flight (UPLOAD_BYTES_IN_FLIGHT_MAX), and never fewer than one largest photo (MEDIA_MAX_PIXELS).
 * With the defaults (256 MiB, 50 MP): 67 MP, one 48 MP photo at a time or five 12 MP ones.
 */
export function decodePixelsInFlight(config: { UPLOAD_BYTES_IN_FLIGHT_MAX: number; MEDIA_MAX_PIXELS: number }): number {
  return Math.max(config.MEDIA_MAX_PIXELS, Math.floor(config.UPLOAD_BYTES_IN_FLIGHT_MAX / DECODED_BYTES_PER_PIXEL));
}

export function createDecodeBudget(max: number): DecodeBudget {
  let inFlight = 0;
  const waiting: { pixels: number; start: () => void }[] = [];
  const fits = (pixels: number) => inFlight === 0 || inFlight + pixels <= max;
  const startWaiting = () => {
    while (waiting.length > 0 && fits(waiting[0]!.pixels)) {
      const next = waiting.shift()!;
      inFlight += next.pixels;
      next.start();
    }
  };
  return {
    async run(pixels, decode) {
      if (waiting.length === 0 && fits(pixels)) inFlight += pixels;
      else await new Promise<void>((start) => waiting.push({ pixels, start }));
      try {
        return await decode();
      } finally {
        inFlight -= pixels;
        startWaiting();
      }
    },
    get inFlight() {
      return inFlight;
    },
    max,
  };
}
