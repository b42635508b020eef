import { fieldErrors } from '#domain/validation.ts';
import { firstStaffSchema } from '#domain/staff.ts';
import { HttpError } from '../http/errors.ts';
import { StaffService } from '../services/staff/staff.ts';
import { CommandError, openShopDatabase, readCommandLine, runCommand } from './command-line.ts';

const USAGE = `Adds a staff member (the first one is usually the owner):
  npm run admin:create -- --email owner@shop.example --name "Sam Owner" --role owner
The password is read from ADMIN_PASSWORD (at least 12 characters and not easy to guess), never from the command line.
Against DATABASE_URL, or the embedded database in DATA_DIR with the shop stopped.`;

const { values } = readCommandLine(USAGE, {
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'owner' },
  },
});
const parsed = firstStaffSchema.safeParse({
  email: values.email,
  name: values.name ?? values.email,
  role: values.role,
  password: process.env.ADMIN_PASSWORD,
});
if (!parsed.success) {
  console.error(`${Object.values(fieldErrors(parsed.error)).join('\n')}\n\n${USAGE}`);
  process.exit(2);
}
await runCommand(async () => {
  const { database } = await openShopDatabase();
  try {
    const member = await new StaffService(database.db).createWithPassword(parsed.data, null);
    console.log(
      `Added ${member.role} ${member.email}: they enrol an authenticator app at their first sign-in at /admin.`,
    );
  } catch (error) {
    if (error instanceof HttpError) throw new CommandError(error.message);
    throw error;
  } finally {
    await database.close();
  }
});
