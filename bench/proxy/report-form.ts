/** The report the proxy bench posts: a valid form with two phone-sized JPEG photos of about 2 MB. */
import sharp from 'sharp';

export interface Photo {
  fileName: string;
  data: Buffer;
}

/** A 3000×2000 gradient with grain: about 2 MB as a JPEG, and as much decoding work as a real photo. */
async function photo(seed: number): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < raw.length; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648; // deterministic grain, same bytes each run
    const pixel = Math.floor(index / 3);
    raw[index] = Math.min(255, Math.floor(((pixel % width) * 180) / width + (Math.floor(pixel / width) * 40) / height + (state % 56)));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}

export async function twoPhotos(): Promise<Photo[]> {
  return [
    { fileName: 'one.jpg', data: await photo(1) },
    { fileName: 'two.jpg', data: await photo(2) },
  ];
}

/** The multipart body of one report; `apiKey` for the service itself (the proxy adds its own). */
export async function reportBody(photos: Photo[], apiKey?: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  const fields: Record<string, string> = {
    service_code: '172',
    description: 'Proxy bench: a pothole by the tram stop.',
    lat: '60.1699',
    long: '24.9384',
    ...(apiKey ? { api_key: apiKey } : {}),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const item of photos) form.append('media[]', new Blob([new Uint8Array(item.data)], { type: 'image/jpeg' }), item.fileName);
  // Encoded once, as a browser would send it; each post sends the same bytes.
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
