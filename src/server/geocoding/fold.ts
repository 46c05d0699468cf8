/**
 * Text as the geocoder compares it: lower-case, accents dropped (ä → a, ö → o, å → a, é → e),
 * punctuation as spaces, one space between words. "Hämeentie 3, Helsinki" and "hameentie 3
 * helsinki" fold alike except for the comma, which the query parser reads first.
 */
const extraLetters: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', þ: 'th' };

export function foldLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđłþ]/g, (letter) => extraLetters[letter]!);
}

/** Folded words: letters and digits only, everything else a separator. */
export function foldedWords(text: string): string[] {
  return foldLetters(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** A name folded whole, its words joined by single spaces ("Aleksis Kiven katu" → "aleksis kiven katu"). */
export function foldName(text: string): string {
  return foldedWords(text).join(' ');
}
