import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { auditActor, requireStaff } from '../../plugins/staff-session.ts';
import { audit } from '../../services/staff/audit.ts';
import { SHOP_CHANGES } from '../../plugins/changes.ts';

/** The owner's lever after a change made in the database by hand. */
export async function adminCacheApi(app: FastifyInstance) {
  route(app, {
    method: 'POST',
    url: '/admin/cache/refresh',
    summary:
      'Owners only: every instance drops its cached listings, answers and pages (after a change made in the database by hand); audited',
    tags: ['admin'],
    response: {
      description: 'The kinds of change announced to every instance',
      schema: z.object({ refreshed: z.array(z.enum(SHOP_CHANGES)) }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      const member = await requireStaff(request, 'dashboard');
      if (member.role !== 'owner') throw forbidden('Only an owner may refresh the caches');
      for (const change of SHOP_CHANGES) await app.changes.publish(change);
      await audit(app.services.db, auditActor(request, member), {
        action: 'cache.refresh',
        after: { changes: SHOP_CHANGES },
      });
      return { refreshed: SHOP_CHANGES };
    },
  });
}
