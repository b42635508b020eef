// The back office's menu and content image routes' part of openapi-answers.test.ts: every answer
// goes through its `checked`, which validates it against the document.
import sharp from 'sharp';
import type { Checked } from './openapi-answers-returns.ts';

/** The menu with an entry pointed at a page, its targets, and an image uploaded for a page. */
export async function contentAnswers<C>(checked: Checked<C>, staff: C) {
  const menu = (await checked(staff, 'GET', '/api/admin/menu')).json().data;
  const targets = (await checked(staff, 'GET', '/api/admin/menu/targets?q=marble')).json().data;
  const [first, ...rest] = menu.tree;
  await checked(staff, 'PUT', '/api/admin/menu', {
    tree: [{ ...first, link: { type: 'page', id: targets.pages[0].id } }, ...rest],
  });
  const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#bbb' } })
    .jpeg()
    .toBuffer();
  await checked(staff, 'POST', '/api/admin/content/images?alt=Slab', jpeg, {
    'content-type': 'image/jpeg',
  });
}
