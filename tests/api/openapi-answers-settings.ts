// The settings routes' part of openapi-answers.test.ts: the owner reads and saves every section,
// on its own route and through the settings as a whole, and previews delivery for a postcode.
import type { Checked } from './openapi-answers-returns.ts';

export async function settingsAnswers<C>({ checked, staff }: { checked: Checked<C>; staff: C }) {
  for (const url of ['/api/admin/settings/delivery', '/api/admin/settings']) {
    const answer = await checked(staff, 'GET', url);
    await checked(staff, 'PUT', url, answer.json().data);
  }
  const delivery = await checked(staff, 'GET', '/api/admin/settings/delivery');
  await checked(staff, 'POST', '/api/admin/settings/delivery/preview', {
    value: delivery.json().data.value,
    postcode: 'IV2 3JH',
  });
}
