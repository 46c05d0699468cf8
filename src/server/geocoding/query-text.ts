/**
 * A search text read as a Finnish address: "Hämeentie 3 A, 00530 Helsinki", "hameent 3",
 * "Tavastvägen 12b Helsingfors", "Kaivopuisto". The street is what comes before the house number,
 * the place (postal code, municipality) what comes after it or after the first comma.
 */
import { houseNumberKey } from '../storage/repositories/addresses';
import { foldedWords } from './fold';

export interface ParsedQuery {
  /** The folded street (or place name) words, joined by single spaces; '' when none. */
  street: string;
  /** The folded words before any comma, for matching place names word by word. */
  words: string[];
  /** The house number as a key ("12a"), when one was typed. */
  numberKey?: string;
  /** The typed number is the end of the text, so it may still be growing (3 → 30, 31…). */
  numberIsLast: boolean;
  /** The folded municipality words typed after the address, if any ("helsinki"). */
  locality?: string;
  postalCode?: string;
}

const houseNumber = /^(\d{1,4})([a-z]?)$/;
const postalCode = /^\d{5}$/;
const numberRange = /^\d{1,4}-\d{1,4}[a-z]?$/;

/** `isMunicipality` tells a trailing municipality name from the last word of a street ("hämeentie helsinki"). */
export function parseQueryText(text: string, isMunicipality: (folded: string) => boolean): ParsedQuery {
  const [main = '', ...rest] = text.split(',');
  // A range ("3-5") is one house number; any other punctuation separates words.
  const mainWords = foldedWordsKeepingRanges(main);
  const placeWords = rest.flatMap((part) => foldedWords(part));

  let numberAt = mainWords.findIndex((word, index) => index > 0 && (houseNumber.test(word) || numberRange.test(word)));
  // Number first ("3 Hämeentie") is not Finnish, but costs nothing to read.
  if (numberAt < 0 && mainWords.length > 1 && houseNumber.test(mainWords[0]!) && !postalCode.test(mainWords[0]!)) numberAt = 0;

  let streetWords: string[];
  let afterNumber: string[] = [];
  let numberKey: string | undefined;
  let numberIsLast = false;
  if (numberAt >= 0) {
    let typed = mainWords[numberAt]!;
    let next = numberAt + 1;
    // "12 a": a lone letter after the number is its letter.
    if (/^\d+$/.test(typed) && /^[a-z]$/.test(mainWords[next] ?? '')) typed += mainWords[next++]!;
    numberKey = houseNumberKey(typed);
    numberIsLast = next >= mainWords.length && rest.length === 0;
    streetWords = numberAt === 0 ? mainWords.slice(next) : mainWords.slice(0, numberAt);
    afterNumber = numberAt === 0 ? [] : mainWords.slice(next);
  } else {
    streetWords = mainWords;
  }

  const place = [...afterNumber, ...placeWords];
  const postal = place.find((word) => postalCode.test(word));
  // Without a comma or number, a last word that is a municipality's name is the place.
  if (numberAt < 0 && rest.length === 0 && streetWords.length > 1) {
    const last = streetWords[streetWords.length - 1]!;
    if (isMunicipality(last)) {
      streetWords = streetWords.slice(0, -1);
      place.push(last);
    }
  }
  if (postal === undefined && streetWords.length > 1 && postalCode.test(streetWords[streetWords.length - 1]!)) {
    place.push(streetWords.pop()!);
  }
  // Staircase and flat ("as 5", "b 12") after the number are not part of the place.
  const localityWords = place.filter((word) => !/\d/.test(word) && word.length > 1 && word !== 'as');
  return {
    street: streetWords.join(' '),
    words: streetWords,
    numberKey,
    numberIsLast,
    locality: localityWords.length > 0 ? localityWords.join(' ') : undefined,
    postalCode: postal ?? place.find((word) => postalCode.test(word)),
  };
}

function foldedWordsKeepingRanges(text: string): string[] {
  return text
    .split(/\s+/)
    .flatMap((part) => (numberRange.test(part.trim()) ? [part.trim().toLowerCase()] : foldedWords(part)));
}
