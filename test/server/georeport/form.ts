/** Builds bodies for POST requests.[format] the way GeoReport clients send them. */
export function urlencoded(fields: Record<string, string | string[]>): { payload: string; headers: Record<string, string> } {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

export async function multipartBody(
  fields: Record<string, string | readonly string[]>,
  files: { name?: string; fileName: string; type: string; data: Buffer }[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  // A list is the same field repeated (a multi-value answer).
  for (const [name, value] of Object.entries(fields)) for (const item of typeof value === 'string' ? [value] : value) form.append(name, item);
  for (const file of files) form.append(file.name ?? 'media[]', new Blob([new Uint8Array(file.data)], { type: file.type }), file.fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export const validReport = {
  service_code: '171',
  description: 'A deep pothole in front of the school gate.',
  lat: '60.1699',
  long: '24.9384',
};
