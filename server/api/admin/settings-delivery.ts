import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  deliveryPreviewInput,
  deliveryPreviewSchema,
  deliverySettingsAnswerSchema,
  deliverySettingsSaveSchema,
} from '#domain/api-schemas-settings-delivery.ts';
import { forbidden } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { resourceVersion } from '../../services/staff-write.ts';
import { deliverySection } from '../../services/settings/delivery-section.ts';
import { previewDelivery } from '../../services/settings/delivery-preview.ts';
import { paymentTerms } from '../../services/settings/shop-details.ts';
import { saveSettings, settingsContext } from '../../services/settings/settings.ts';

const RESOURCE = 'settings:delivery';

/**
 * The delivery section of the owner's settings (issue 28): read, saved whole (version checked,
 * audited, announced so checkout, the basket and the estimate reprice at once on every
 * instance), and previewed: a sample basket priced with settings not saved yet.
 */
export async function adminDeliverySettingsApi(app: FastifyInstance) {
  const { db } = app.services;
  const tags = ['admin'];
  const answer = async () => ({
    version: await resourceVersion(db, RESOURCE),
    value: await deliverySection.read(db, settingsContext(app.config)),
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/settings/delivery')) {
      reply.header('cache-control', 'no-store');
    }
  });

  route(app, {
    method: 'GET',
    url: '/admin/settings/delivery',
    summary: 'The delivery settings and postcode zones, with the version a save is made from',
    tags,
    response: {
      description: 'The delivery settings',
      schema: z.object({ data: deliverySettingsAnswerSchema }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'settings');
      return { data: await answer() };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/settings/delivery',
    summary:
      'Saves the delivery settings and replaces the postcode zones (owner); checkout charges them at once',
    tags,
    body: deliverySettingsSaveSchema,
    response: {
      description:
        'The settings as saved, with their new version; 400 names each bad field, 409 a save from an older version',
      schema: z.object({ data: deliverySettingsAnswerSchema }),
      errors: [401, 403, 409],
    },
    handler: async ({ body, request }) => {
      await staffWrite(
        app,
        request,
        { area: 'settings', announce: 'settings' },
        async (who, member) => {
          if (member.role !== 'owner') throw forbidden('Only an owner may change the settings');
          await saveSettings(db, who, { delivery: body }, settingsContext(app.config));
        },
      );
      return { data: await answer() };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/settings/delivery/preview',
    summary:
      "Prices a sample basket (the lines given, or the shop's default) for a postcode with delivery settings not saved yet, as checkout would: at retail, or at the prices of `customer_id` (a trade buyer's price list; 400 when there is no such customer)",
    tags,
    body: deliveryPreviewInput,
    response: {
      description: "The delivery estimate and lines checkout's quote would show",
      schema: z.object({ data: deliveryPreviewSchema }),
      errors: [400, 401, 403],
    },
    handler: async ({ body, request }) => {
      await requireStaff(request, 'settings');
      const terms = await paymentTerms(app.services.shop);
      return { data: await previewDelivery(db, body, terms, app.services.buyers) };
    },
  });
}
