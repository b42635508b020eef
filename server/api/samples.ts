import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sampleRulesText } from '#domain/samples.ts';
import { route } from '../http/route.ts';
import { readSampleRules } from '../services/samples/sample-rules.ts';

const sampleRulesSchema = z
  .object({
    max_free_per_order: z.number().int(),
    max_free_per_product: z.number().int(),
    post_max_kg: z.number(),
    /** The rules as the Samples page states them. */
    text: z.array(z.string()),
  })
  .meta({ id: 'SampleRules' });

/** The free-sample rules the basket enforces, for the Samples page to state from the same row. */
export async function samplesApi(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/samples/rules',
    summary: 'The free-sample rules: per order, per product, and the post weight limit',
    tags: ['cart'],
    response: {
      description: 'The rules',
      schema: z.object({ data: sampleRulesSchema }),
    },
    handler: async () => {
      const rules = await readSampleRules(app.services.db);
      return {
        data: {
          max_free_per_order: rules.maxFreePerOrder,
          max_free_per_product: rules.maxFreePerProduct,
          post_max_kg: rules.postMaxKg,
          text: sampleRulesText(rules),
        },
      };
    },
  });
}
