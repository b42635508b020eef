import type { Database } from '#db/client.ts';
import { fieldErrors } from '#domain/validation.ts';
import { firstStaffSchema } from '#domain/staff.ts';
import { StaffService } from './staff.ts';

/**
 * The shop's first owner, from ADMIN_EMAIL and ADMIN_PASSWORD, when no staff account exists yet
 * (so a new shop can be run without a developer). Once any staff exists, the variables are
 * ignored: they never reset an account.
 */
export async function createFirstOwner(
  db: Database,
  env: Record<string, string | undefined>,
): Promise<boolean> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return false;
  const staff = new StaffService(db);
  if ((await staff.count()) > 0) return false;
  const parsed = firstStaffSchema.safeParse({
    email: env.ADMIN_EMAIL,
    name: env.ADMIN_NAME ?? 'Owner',
    role: 'owner',
    password: env.ADMIN_PASSWORD,
  });
  if (!parsed.success) {
    throw new Error(
      `ADMIN_EMAIL / ADMIN_PASSWORD: ${Object.values(fieldErrors(parsed.error)).join('; ')}`,
    );
  }
  await staff.createWithPassword(parsed.data, null);
  return true;
}
