import { sql } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import { queryRows, type Database } from '#db/client.ts';

const TTL_MS = 5 * 60_000;

/**
 * Typo tolerance for search: each query word that matches no indexed word is replaced by the
 * closest one (edit distance 1 for short words, 2 for longer), then full-text search runs on
 * the corrected words through the GIN index.
 */
export class SearchVocabulary {
  private words: Promise<string[]> | null = null;
  private loadedAt = 0;

  constructor(private readonly db: Database) {}

  invalidate(): void {
    this.words = null;
  }

  /** Returns a `to_tsquery('simple', …)` expression, or null when no word is searchable. */
  async toTsQuery(text: string): Promise<string | null> {
    const raw = text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 0)
      .slice(0, 8);
    if (raw.length === 0) return null;
    const vocabulary = await this.vocabulary();
    const parts = raw.map((word) => this.correct(word, vocabulary));
    return parts.join(' & ');
  }

  private correct(word: string, vocabulary: string[]): string {
    if (vocabulary.some((lexeme) => lexeme.startsWith(word))) return `${word}:*`;
    // A stemmed lexeme that the word extends ("tiles" → "tile").
    const stem = vocabulary.find(
      (lexeme) => word.startsWith(lexeme) && word.length - lexeme.length <= 3,
    );
    if (stem) return stem;
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
    return best ?? word;
  }

  private vocabulary(): Promise<string[]> {
    if (!this.words || Date.now() - this.loadedAt > TTL_MS) {
      this.loadedAt = Date.now();
      this.words = queryRows<{ word: string }>(
        this.db,
        sql`SELECT word FROM ts_stat('SELECT search_vector FROM products WHERE status = ''publish''')`,
      )
        .then((rows) => rows.map((row) => row.word).filter((w) => /^[a-z0-9]+$/.test(w)))
        .catch((error: unknown) => {
          this.words = null;
          throw error;
        });
    }
    return this.words;
  }
}
