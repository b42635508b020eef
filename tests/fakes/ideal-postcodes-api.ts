/**
 * FAKE IDEAL POSTCODES API, FOR TESTS ONLY.
 *
 * The shop's address lookup calls Ideal Postcodes (https://docs.ideal-postcodes.co.uk/docs/api/
 * lookup-postcode), which the test machines cannot reach; POSTCODE_LOOKUP_URL points the shop
 * here instead. It answers `GET /v1/postcodes/{postcode}` as documented, nothing more:
 *
 * - 200 `{ result: [address…], code: 2000, message: "Success" }`, each address with the
 *   documented PAF fields (line_1…line_3, post_town in capitals, county, postcode, …);
 * - 404 `{ code: 4040, message: "Postcode not found" }` for a postcode it does not hold;
 * - 401 `{ code: 4010, message: "Invalid Key" }` unless the `Authorization: api_key="…"` header
 *   (or the `api_key` query parameter) carries the key it was started with;
 * - 402 `{ code: 4020, message: "Lookup Balance Exhausted" }` once `exhaust()` is called.
 *
 * The addresses are sample data in the documented shape, not real Royal Mail records.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakePafAddress {
  line_1: string;
  line_2: string;
  line_3: string;
  post_town: string;
  county: string;
  postcode: string;
}

const paf = (
  postcode: string,
  town: string,
  county: string,
  lines: [string, string?, string?],
): FakePafAddress => ({
  line_1: lines[0],
  line_2: lines[1] ?? '',
  line_3: lines[2] ?? '',
  post_town: town,
  county,
  postcode,
});

export const FAKE_PAF: Record<string, FakePafAddress[]> = {
  'IV2 3JH': [
    paf('IV2 3JH', 'INVERNESS', 'Inverness-shire', ['12 Culduthel Road']),
    paf('IV2 3JH', 'INVERNESS', 'Inverness-shire', ['Flat 2', '14 Culduthel Road']),
  ],
  'BT1 5GS': [paf('BT1 5GS', 'BELFAST', 'County Antrim', ['3 Donegall Square North'])],
  'KW15 1NX': [
    paf('KW15 1NX', 'KIRKWALL', 'Orkney', ['The Old Bakery', '7 Albert Street', 'Town Centre']),
  ],
};

export interface FakeIdealPostcodes {
  url: string;
  key: string;
  /** The postcodes asked for, in order. */
  asked: string[];
  exhaust(): void;
  stop(): Promise<void>;
}

export async function startFakeIdealPostcodes(key = 'ak_test_fake'): Promise<FakeIdealPostcodes> {
  const asked: string[] = [];
  let exhausted = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const match = /^\/v1\/postcodes\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || !match)
      return answer(404, { code: 4044, message: 'Not found' });
    const given =
      /^api_key="([^"]*)"$/.exec(request.headers.authorization ?? '')?.[1] ??
      url.searchParams.get('api_key');
    if (given !== key) return answer(401, { code: 4010, message: 'Invalid Key' });
    if (exhausted) return answer(402, { code: 4020, message: 'Lookup Balance Exhausted' });
    const postcode = decodeURIComponent(match[1]!).toUpperCase();
    asked.push(postcode);
    const result = FAKE_PAF[postcode];
    if (!result) return answer(404, { code: 4040, message: 'Postcode not found' });
    answer(200, { result, code: 2000, message: 'Success' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    asked,
    exhaust: () => {
      exhausted = true;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
