/**
 * The language tags of an Accept-Language header, most preferred first: by quality, then in the
 * order sent (RFC 9110 §12.5.4). Tags with q=0 (not acceptable) and `*` are left out; a missing or
 * unreadable header gives none.
 */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  const weighted = header.split(',').flatMap((part, order) => {
    const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const quality = parameters.find((parameter) => /^q=/i.test(parameter));
    const q = quality === undefined ? 1 : Number(quality.slice(2));
    return tag === '' || tag === '*' || !(q > 0) ? [] : [{ tag, q, order }];
  });
  return weighted.sort((a, b) => b.q - a.q || a.order - b.order).map(({ tag }) => tag);
}
