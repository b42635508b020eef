import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, launchBrowser, shown } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const started = await startStaffShop();
  shop = started.shop;
  context = await browser.newContext({ baseURL: started.base, viewport: DESKTOP });
  page = await context.newPage();
  await signInStaff(page, TEST_OWNER);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

type Tree = (string | [string, string[], Tree])[];

/**
 * HTML as a shopper's browser sees it: the browser's own parser builds the tree (so `<table><tr>`
 * and `<table><tbody><tr>` are the same), attributes in name order, runs of white space as one
 * and none at the edges of an element.
 */
const structure = (html: string): Promise<Tree> =>
  page.evaluate((source) => {
    type Node = string | [string, string[], Node[]];
    const walk = (node: ChildNode): Node | null => {
      if (node.nodeType === 3) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ');
        return text.trim() === '' ? null : text;
      }
      if (!(node instanceof Element)) return null;
      const children = Array.from(node.childNodes)
        .map(walk)
        .filter((child): child is Node => child !== null);
      const [first] = children;
      if (typeof first === 'string') children[0] = first.trimStart();
      const last = children.length - 1;
      if (typeof children[last] === 'string') children[last] = children[last].trimEnd();
      const attributes = Array.from(node.attributes, (a) => `${a.name}=${a.value}`).sort();
      return [node.tagName.toLowerCase(), attributes, children];
    };
    const doc = new DOMParser().parseFromString(`<body>${source}</body>`, 'text/html');
    return Array.from(doc.body.childNodes)
      .map(walk)
      .filter((child): child is Node => child !== null);
  }, html) as Promise<Tree>;

const stored = async (kind: string, id: number): Promise<string> =>
  (
    (await (await context.request.get(`/api/admin/content/${kind}/${id}`)).json()) as {
      data: { content: string };
    }
  ).data.content;

describe('the rich-text editor keeps the content', () => {
  it('saves every seeded page and post, touched but unchanged, with the HTML it had', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let tables = 0;
    let items = 0;
    for (const kind of ['pages', 'posts'] as const) {
      const list = (await (await context.request.get(`/api/admin/content/${kind}`)).json()) as {
        data: { id: number }[];
      };
      for (const { id } of list.data) {
        const before = await stored(kind, id);
        await page.goto(`/admin/content/${kind}/${id}`);
        const content = page.getByRole('textbox', { name: 'Content' });
        await shown(content);
        // A keystroke and its undoing: the form now holds the editor's HTML, not the loaded one.
        await content.click();
        await page.keyboard.press('Control+End');
        await page.keyboard.type('x');
        await page.keyboard.press('Backspace');
        await page.getByRole('button', { name: 'Save' }).click();
        await shown(page.getByRole('status').filter({ hasText: /Published\.|Saved as a draft\./ }));
        const after = await stored(kind, id);
        expect({ kind, id, html: await structure(after) }).toEqual({
          kind,
          id,
          html: await structure(before),
        });
        if (before.includes('<table')) tables += 1;
        items += 1;
      }
    }
    // The seeded pages and posts, six of them with tables (delivery windows among them).
    expect(items).toBe(26);
    expect(tables).toBe(6);
    expect(errors).toEqual([]);
  });
});
