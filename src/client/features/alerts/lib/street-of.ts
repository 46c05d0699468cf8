/** The street of a geocoder's name ("Hämeentie 30" → "Hämeentie"), as alerts match streets; undefined for a place with no number. */
export function streetOf(name: string): string | undefined {
  const match = /^([^\d,]+?)\s+\d/u.exec(name.trim());
  return match?.[1]?.trim() || undefined;
}
