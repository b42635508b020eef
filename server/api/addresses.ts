import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addressJsonSchema } from '#domain/api-schemas.ts';
import { postcodeAddressSchema } from '#domain/api-schemas-address-lookup.ts';
import { MESSAGES, postcodeSearchSchema } from '#domain/validation.ts';
import { normaliseUkPostcode } from '#domain/postcode.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { ADDRESS_KINDS, CustomerStore } from '../services/accounts/customers.ts';
import { postcodeLookupFrom, PostcodeLookupUnavailable } from '../services/postcode-lookup.ts';
import { requireCustomerId } from './auth.ts';

const kindParams = z.object({
  kind: z.enum(ADDRESS_KINDS, { error: 'The address kind must be billing or shipping' }),
});
const lookupQuery = z.object({ postcode: postcodeSearchSchema });

/** The signed-in customer's own addresses (never anyone else's), and the postcode lookup. */
export async function addressesApi(app: FastifyInstance) {
  const customers = new CustomerStore(app.services.db);
  const lookup = postcodeLookupFrom(app.config.postcodeLookup);
  const tags = ['accounts'];

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/auth/addresses/:kind',
    summary: "The signed-in customer's billing or shipping address, or 404 when not set",
    tags,
    params: kindParams,
    response: {
      description: 'The address',
      schema: z.object({ address: addressJsonSchema }),
      errors: [401, 404],
    },
    handler: async ({ params, request }) => {
      const id = await requireCustomerId(request);
      const address = await customers.address(id, params.kind);
      if (!address) throw notFound(`No ${params.kind} address`);
      return { address };
    },
  });

  route(app, {
    method: 'GET',
    url: '/postcode-lookup',
    summary:
      'Addresses at a UK postcode from the configured address service: { addresses }; 404 when the shop has none',
    tags,
    query: lookupQuery,
    response: {
      description: 'The addresses found (none for an unknown postcode)',
      schema: z.object({ addresses: z.array(postcodeAddressSchema) }),
      errors: [404, 503],
    },
    handler: async ({ query, request }) => {
      if (!lookup) throw notFound('Address lookup is not available');
      const postcode = normaliseUkPostcode(query.postcode);
      if (!postcode)
        throw badRequest(MESSAGES.ukPostcodeInvalid, { postcode: MESSAGES.ukPostcodeInvalid });
      try {
        return { addresses: await lookup.find(postcode) };
      } catch (error) {
        if (!(error instanceof PostcodeLookupUnavailable)) throw error;
        request.log.warn({ reason: error.message }, 'postcode lookup unavailable');
        throw new HttpError(
          503,
          'lookup_unavailable',
          'Failed to find addresses. Please enter manually.',
        );
      }
    },
  });
}
