import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { SETTINGS_SECTIONS } from '../../services/settings/registry.ts';
import { readSettings, saveSettings, settingsContext } from '../../services/settings/settings.ts';

/** Each registered section under its key: `version` + `value` read, `version?` + `value` saved. */
function sectionsSchema(save: boolean) {
  return z.object(
    Object.fromEntries(
      SETTINGS_SECTIONS.map((section) => {
        const version = z.number().int().positive();
        const one = z.object({
          version: save ? version.optional() : version,
          value: section.schema,
        });
        return [section.key, save ? one.optional() : one];
      }),
    ),
  );
}

const saveSchema = sectionsSchema(true)
  .strict()
  .refine((body) => Object.values(body).some((section) => section !== undefined), {
    message: `Send at least one section: ${SETTINGS_SECTIONS.map((s) => s.key).join(', ')}`,
  });

/**
 * The owner's settings (issue 28), every section of services/settings/registry.ts in one answer;
 * a save names the sections it changes, each checked against the version its screen loaded.
 * Every instance drops what it derived from them once the save commits.
 */
export async function adminSettingsApi(app: FastifyInstance) {
  const { db } = app.services;
  const tags = ['admin'];
  const answer = z.object({ data: sectionsSchema(false) });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/settings')) reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/settings',
    summary: "The shop's settings, every section with the version a save is made from",
    tags,
    response: { description: 'The settings', schema: answer, errors: [401, 403] },
    handler: async ({ request }) => {
      await requireStaff(request, 'settings');
      return { data: await readSettings(db, settingsContext(app.config)) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/settings',
    summary: 'Saves the sections sent (owner), all or none; the shop uses them at once',
    tags,
    body: saveSchema,
    response: {
      description:
        'Every section as saved, with its version; 400 names each bad field, 409 a section saved from an older version',
      schema: answer,
      errors: [401, 403, 409],
    },
    handler: async ({ body, request }) => {
      await staffWrite(
        app,
        request,
        { area: 'settings', announce: 'settings' },
        async (who, member) => {
          if (member.role !== 'owner') throw forbidden('Only an owner may change the settings');
          await saveSettings(db, who, body, settingsContext(app.config));
        },
      );
      return { data: await readSettings(db, settingsContext(app.config)) };
    },
  });
}
