/** Decimals of a picked point in the report link: 6 is about 0.1 m, finer than any tap. */
const DECIMALS = 6;

/**
 * The report page for a point picked on the map: `/report?lat=60.170000&lon=24.940000`. Dot
 * decimals whatever the UI language (a URL is not prose); the report page reads them.
 */
export function reportLinkAt(lat: number, lon: number): string {
  const params = new URLSearchParams({ lat: lat.toFixed(DECIMALS), lon: wrapLongitude(lon).toFixed(DECIMALS) });
  return `/report?${params.toString()}`;
}

/** Leaflet's worldCopyJump lets a click land on a copy of the world east or west: bring it back. */
function wrapLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}
