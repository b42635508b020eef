import { sql } from 'drizzle-orm';

/** A text[] of strings, sent as one JSON parameter (however many there are). */
export const textArray = (items: string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;

/** Rows as jsonb_to_recordset reads them: one statement writes a whole batch. */
export const recordset = (rows: object[], columns: string) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${sql.raw(columns)})`;
