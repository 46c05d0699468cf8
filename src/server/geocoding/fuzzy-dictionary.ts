/**
 * A set of folded words (whole street names, or the words of place names) that answers, for a
 * typed word, which entries it matches and how well: exactly, as a prefix, or with one or two
 * typing errors (insertions, deletions, substitutions, swapped neighbours), also on a prefix.
 * Prefixes come from a sorted array (binary search); typos from a trigram index that picks
 * candidates sharing enough trigrams with the word, each then checked with a bounded edit distance.
 */

/** Lower is better: exact, prefix, one edit, two edits. */
export const Quality = { exact: 0, prefix: 1, oneEdit: 2, twoEdits: 3 } as const;

/** Errors allowed in a typed word of this many characters: none below 4, one below 8, else two. */
export function allowedEdits(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** At most this many entries answer one prefix (a one-letter query matches many). */
const MAX_PREFIX_MATCHES = 5_000;

function trigrams(word: string): Set<string> {
  const padded = `  ${word}`;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) grams.add(padded.slice(index, index + 3));
  return grams;
}

/**
 * Optimal string alignment distance between `typed` and `word` (full), and between `typed` and the
 * closest prefix of `word` (prefix); Infinity when above `maxEdits`.
 */
export function boundedDistance(typed: string, word: string, maxEdits: number): { full: number; prefix: number } {
  const m = typed.length;
  const columns = Math.min(word.length, m + maxEdits);
  let before = new Array<number>(columns + 1).fill(0);
  let previous = Array.from({ length: columns + 1 }, (_, j) => j);
  let current = new Array<number>(columns + 1).fill(0);
  for (let i = 1; i <= m; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= columns; j += 1) {
      const cost = typed[i - 1] === word[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > maxEdits) return { full: Infinity, prefix: Infinity };
    [before, previous, current] = [previous, current, before];
  }
  let prefix = Infinity;
  for (let j = 0; j <= columns; j += 1) prefix = Math.min(prefix, previous[j]!);
  const full = word.length <= columns ? previous[word.length]! : Infinity;
  return { full: full <= maxEdits ? full : Infinity, prefix: prefix <= maxEdits ? prefix : Infinity };
}

export class FuzzyDictionary {
  /** The distinct entries, sorted by code unit. */
  readonly words: string[];
  private readonly postings = new Map<string, number[]>();
  private readonly counts: Uint16Array;

  constructor(words: Iterable<string>) {
    this.words = [...new Set(words)].filter((word) => word.length > 0).sort();
    this.words.forEach((word, index) => {
      for (const gram of trigrams(word)) {
        let list = this.postings.get(gram);
        if (!list) this.postings.set(gram, (list = []));
        list.push(index);
      }
    });
    this.counts = new Uint16Array(this.words.length);
  }

  /** The index of the first entry not below `text`. */
  private lowerBound(text: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[middle]! < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  indexOf(word: string): number {
    const index = this.lowerBound(word);
    return this.words[index] === word ? index : -1;
  }

  /**
   * Entries `typed` matches, each with its best quality. With `prefix`, an entry that starts with
   * `typed` (or with a word one or two edits from it) matches too; without, only whole entries.
   */
  match(typed: string, options: { prefix: boolean }): Map<number, number> {
    const found = new Map<number, number>();
    if (typed.length === 0) return found;
    const exact = this.indexOf(typed);
    if (exact >= 0) found.set(exact, Quality.exact);
    if (options.prefix) {
      const end = Math.min(this.words.length, this.lowerBound(typed) + MAX_PREFIX_MATCHES);
      for (let index = this.lowerBound(typed); index < end && this.words[index]!.startsWith(typed); index += 1) {
        if (!found.has(index)) found.set(index, Quality.prefix);
      }
    }
    const maxEdits = allowedEdits(typed.length);
    if (maxEdits === 0) return found;

    // Each edit spoils at most three of the typed word's trigrams: an entry within `maxEdits`
    // shares at least this many with it (a swap can spoil four, so a rare swap near the limit may
    // be missed; the cost of a looser bound is checking thousands of candidates).
    const grams = trigrams(typed);
    const needed = Math.max(1, grams.size - 3 * maxEdits);
    const touched: number[] = [];
    for (const gram of grams) {
      for (const index of this.postings.get(gram) ?? []) {
        if (this.counts[index] === 0) touched.push(index);
        this.counts[index]! += 1;
      }
    }
    for (const index of touched) {
      const shared = this.counts[index]!;
      this.counts[index] = 0;
      if (shared < needed || (found.get(index) ?? Infinity) <= Quality.prefix) continue;
      const word = this.words[index]!;
      if (!options.prefix && Math.abs(word.length - typed.length) > maxEdits) continue;
      const distance = boundedDistance(typed, word, maxEdits);
      const edits = options.prefix ? Math.min(distance.full, distance.prefix) : distance.full;
      if (edits === 1) found.set(index, Quality.oneEdit);
      else if (edits === 2) found.set(index, Quality.twoEdits);
    }
    return found;
  }
}
