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
let base: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const started = await startStaffShop();
  shop = started.shop;
  base = started.base;
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
    // The seeded pages and posts (the complaints page among them), six with tables (delivery
    // windows among them).
    expect(items).toBe(27);
    expect(tables).toBe(6);
    expect(errors).toEqual([]);
  });

  it('saves a page holding every element and attribute the sanitiser allows with the HTML it had', async () => {
    const created = await context.request.post('/api/admin/content/pages', {
      headers: { origin: base },
      data: {
        title: 'Every element',
        slug: 'every-element',
        status: 'draft',
        content: EVERY_ELEMENT,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const before = await stored('pages', id);
    // The sanitiser keeps all of it: nothing here is lost before the editor sees it.
    expect(await structure(before)).toEqual(await structure(EVERY_ELEMENT));
    await page.goto(`/admin/content/pages/${id}`);
    const content = page.getByRole('textbox', { name: 'Content' });
    // The page's text loaded into the editor, and the keystroke landed, before it is undone.
    const footnote = content.getByText('Footnote', { exact: true });
    await shown(footnote);
    // In the last cell: a click mid-page may select the figure's image, which a keystroke replaces.
    await footnote.click();
    await page.keyboard.press('End');
    await page.keyboard.type('x');
    await shown(content.getByText('Footnotex', { exact: true }));
    await page.keyboard.press('Backspace');
    await shown(footnote);
    await page.getByRole('button', { name: 'Save' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Saved as a draft.' }));
    expect(await structure(await stored('pages', id))).toEqual(await structure(before));
  });
});

/** Every tag and attribute on the sanitiser's allow-list (server/services/content/sanitise.ts). */
const EVERY_ELEMENT = [
  '<h1 id="h1">One</h1><h2 id="h2">Two</h2><h3 id="h3">Three</h3>',
  '<h4 id="h4">Four</h4><h5 id="h5">Five</h5><h6 id="h6">Six</h6>',
  '<p id="p">A <a href="https://example.com/" title="Site" target="_blank" rel="noopener noreferrer" id="a">link</a>,',
  ' <abbr id="abbr">m²</abbr> <b id="b">b</b> <bdi id="bdi">bdi</bdi> <bdo id="bdo">bdo</bdo>',
  ' <cite id="cite">cite</cite> <code id="code">code</code> <data id="data">data</data>',
  ' <dfn id="dfn">dfn</dfn> <em id="em">em</em> <i id="i">i</i> <kbd id="kbd">kbd</kbd>',
  ' <mark id="mark">mark</mark> <q id="q">q</q> <s id="s">s</s> <samp id="samp">samp</samp>',
  ' <small id="small">small</small> <span id="span">span</span> <strong id="strong">strong</strong>',
  ' m<sub id="sub">2</sub> m<sup id="sup">2</sup> <time id="time">noon</time> <u id="u">u</u>',
  ' <var id="var">x</var> long<wbr id="wbr">word<br id="br">next line</p>',
  '<address id="address">1 Quarry Lane</address>',
  '<article id="article"><p>Article</p></article><aside id="aside"><p>Aside</p></aside>',
  '<header id="header"><p>Header</p></header><footer id="footer"><p>Footer</p></footer>',
  '<hgroup id="hgroup"><h2>Title</h2><p>Subtitle</p></hgroup><main id="main"><p>Main</p></main>',
  '<nav id="nav"><p>Nav</p></nav><section id="section"><h2>Section</h2><p>Text</p></section>',
  '<div id="div"><p>Block div</p></div><div id="div-text">Text div with <sup>sup</sup></div>',
  '<blockquote id="blockquote"><p>Quote</p></blockquote>',
  '<dl id="dl"><dt id="dt">Term</dt><dd id="dd">Definition</dd></dl>',
  '<figure id="figure"><img src="https://example.com/slate.jpg" alt="Slate" title="Slate tile"',
  ' width="600" height="400" loading="lazy" id="img"><figcaption id="figcaption">Slate</figcaption></figure>',
  '<hr id="hr"><pre id="pre">  preformatted\n  text</pre>',
  '<ul id="ul"><li id="li">One</li></ul><ol id="ol" start="3" reversed=""><li>Three</li></ol>',
  '<menu id="menu"><li>Menu item</li></menu>',
  '<table id="table"><caption id="caption">Delivery windows</caption>',
  '<thead id="thead"><tr id="tr"><th id="th" scope="col" colspan="2">Area</th></tr></thead>',
  '<tbody id="tbody"><tr><td id="td" rowspan="2">London</td><td>Mon</td></tr><tr><td>Tue</td></tr></tbody>',
  '<tfoot id="tfoot"><tr><td colspan="2">Footnote</td></tr></tfoot></table>',
].join('');
