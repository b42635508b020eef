// Slugs for menu links, routes and categories (spec section 2: "lower-cased and hyphenated, with
// ampersands and brackets removed").

/**
 * Text → URL slug: lower-cased, accents dropped, apostrophes removed, ampersands and brackets
 * removed, every other run of non-alphanumerics one hyphen, no hyphens at the ends.
 *
 * slugify('Off-Cut Granite & Quartz') → 'off-cut-granite-quartz'
 * slugify('Beige & Browns') → 'beige-browns'
 * slugify('Mouldings (and) Skirtings') → 'mouldings-and-skirtings'
 * slugify('Crème Marfil') → 'creme-marfil'
 * slugify("Children's Room") → 'childrens-room'
 * slugify('  --Hello--  ') → 'hello'
 */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Apostrophes join ("children's" is one word); ampersands and brackets only separate words.
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/**
 * Slug → words with capitals, for titles and crumbs without a friendlier name.
 *
 * titleCase('marble-tiles') → 'Marble Tiles'
 * titleCase('wet-room') → 'Wet Room'
 * titleCase('') → ''
 */
export function titleCase(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * True for a well-formed slug: lower-case letters and digits in hyphen-separated runs.
 *
 * isSlug('marble-tiles') → true
 * isSlug('Marble') → false; isSlug('a--b') → false; isSlug('') → false
 */
export function isSlug(text: string): boolean {
  return SLUG.test(text);
}
