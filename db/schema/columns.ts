import { customType } from 'drizzle-orm/pg-core';

/** Bytes kept in the row (uploaded files: images, PDFs, drawings, evidence), read as a Buffer. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
