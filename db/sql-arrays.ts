import { sql } from 'drizzle-orm';

/**
 * An int[] literal of ids, written into the statement: each id is made an integer first, so no
 * text a client sent can get in, and the planner sees the ids themselves.
 */
export const idArray = (ids: number[]) =>
  sql.raw(`'{${ids.map((id) => Math.trunc(Number(id))).join(',')}}'::int[]`);
