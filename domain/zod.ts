import { z } from 'zod';

/**
 * The one Zod the shop's schemas are built with. In the browser it runs without compiled
 * parsers: Zod otherwise probes for `new Function` as the first object schema is built, and
 * under the shop's CSP (no 'unsafe-eval') browsers report that probe as a policy violation on
 * every page. The forms there are small; the server keeps the faster compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
