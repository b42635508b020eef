import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  contentInputSchema,
  isShopOrHttpsUrl,
  menuInputSchema,
} from './content-admin.ts';

describe('isShopOrHttpsUrl', () => {
  it.each([
    ['/media/stone/marble-white-1-640.webp', true],
    ['/collections/stone-collection/marble-tiles', true],
    ['https://cdn.example/a.jpg', true],
    ['http://cdn.example/a.jpg', false],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['media/a.webp', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isShopOrHttpsUrl(value)).toBe(expected);
  });
});

describe('the page and post schema', () => {
  const valid = { title: 'About Us', slug: 'about-us', status: 'publish', content: '<p>x</p>' };
  const messageOf = (input: object) => {
    const result = contentInputSchema.safeParse(input);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('takes a page with defaults for the optional fields', () => {
    expect(contentInputSchema.parse(valid)).toEqual({
      ...valid,
      excerpt: '',
      featured_image: '',
      featured_image_alt: '',
    });
  });

  it.each([
    [{ title: ' ' }, CONTENT_MESSAGES.titleRequired],
    [{ slug: 'About-Us' }, CONTENT_MESSAGES.slugInvalid],
    [{ slug: '-about' }, CONTENT_MESSAGES.slugInvalid],
    [{ slug: 'a'.repeat(101) }, CONTENT_MESSAGES.slugTooLong],
    [{ status: 'private' }, CONTENT_MESSAGES.statusInvalid],
    [{ featured_image: 'ftp://x/a.jpg' }, CONTENT_MESSAGES.imageUrl],
  ])('refuses %j with its message', (bad, message) => {
    expect(messageOf({ ...valid, ...bad })).toBe(message);
  });
});

describe('the menu schema', () => {
  const node = (title: string, children: object[] = []) => ({ title, children });
  it('takes three levels and refuses a fourth', () => {
    expect(menuInputSchema.safeParse({ tree: [node('A', [node('B', [node('C')])])] }).success).toBe(
      true,
    );
    const deep = menuInputSchema.safeParse({
      tree: [node('A', [node('B', [node('C', [node('D')])])])],
    });
    expect(deep.success ? null : deep.error.issues[0]!.message).toBe(CONTENT_MESSAGES.menuTooDeep);
  });
});
