import { distance } from 'fastest-levenshtein';

/**
 * One word of a search as it is matched against the catalogue's lexemes (PostgreSQL's English
 * full-text analysis of product names and short descriptions): any lexeme it begins, or exactly
 * the lexeme it was corrected to.
 */
export interface SearchTerm {
  lexeme: string;
  prefix: boolean;
}

const MAX_WORDS = 8;

/** Index of the first lexeme not below `word` in a sorted list. */
export function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Typo tolerance: each query word that begins no indexed lexeme is replaced by the longest
 * stemmed lexeme it extends ("tiles" → "tile"), else by the closest lexeme (edit distance 1 for
 * short words, 2 for longer). `vocabulary` is sorted. Returns null when the text has no
 * searchable word.
 */
export function searchTerms(text: string, vocabulary: readonly string[]): SearchTerm[] | null {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((word) => correct(word, vocabulary));
}

function correct(word: string, vocabulary: readonly string[]): SearchTerm {
  if (vocabulary[lowerBound(vocabulary, word)]?.startsWith(word)) {
    return { lexeme: word, prefix: true };
  }
  const stem = vocabulary
    .filter((lexeme) => word.startsWith(lexeme) && word.length - lexeme.length <= 3)
    .reduce<string | null>(
      (longest, lexeme) => (lexeme.length > (longest?.length ?? 0) ? lexeme : longest),
      null,
    );
  if (stem) return { lexeme: stem, prefix: false };
  const allowed = word.length <= 4 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const lexeme of vocabulary) {
    if (Math.abs(lexeme.length - word.length) > allowed) continue;
    const d = distance(word, lexeme);
    if (d < bestDistance) {
      best = lexeme;
      bestDistance = d;
    }
  }
  return { lexeme: best ?? word, prefix: false };
}

/** The terms as a `to_tsquery('simple', …)` expression (every word must match). */
export function tsQueryOf(terms: readonly SearchTerm[]): string {
  return terms.map((term) => (term.prefix ? `${term.lexeme}:*` : term.lexeme)).join(' & ');
}
