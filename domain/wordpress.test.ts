import { describe, expect, it } from 'vitest';
import { renderedText, WP_PER_PAGE_DEFAULT, wpPostsQuerySchema } from './wordpress.ts';

describe('renderedText', () => {
  it.each([
    ['Return &amp; Refund Policy', 'Return & Refund Policy'],
    ['Vector &lt;script&gt;', 'Vector <script>'],
    ['It&#039;s &quot;honed&quot;', 'It\'s "honed"'],
    ['<em>Marble</em> care', 'Marble care'],
    ['&amp;lt;', '&lt;'],
  ])('%s → %s', (html, text) => {
    expect(renderedText(html)).toBe(text);
  });
});

describe('wpPostsQuerySchema', () => {
  it('defaults to page 1 of 10 and reads _embed as a flag', () => {
    expect(wpPostsQuerySchema.parse({})).toEqual({
      page: 1,
      per_page: WP_PER_PAGE_DEFAULT,
      _embed: false,
    });
    expect(wpPostsQuerySchema.parse({ _embed: '', page: '2', per_page: '12' })).toEqual({
      page: 2,
      per_page: 12,
      _embed: true,
    });
  });

  it.each([{ page: '0' }, { per_page: '101' }, { page: ['1', '2'] }, { per_page: 'ten' }])(
    'refuses %j',
    (query) => {
      expect(wpPostsQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});
