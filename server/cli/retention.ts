import { sweepGuestData } from '../services/privacy/retention.ts';
import {
  CommandError,
  openShopDatabase,
  readCommandLine,
  runCommand,
  usageError,
} from './command-line.ts';

const USAGE = `Erase guest personal data past its retention period (GUEST_DATA_RETENTION_DAYS):
  npm run retention -- sweep --by you@shop
The shop does this daily by itself; run it by hand after lowering the period. Audit-logged.
Against DATABASE_URL, or the embedded database in DATA_DIR (stop the shop first: one process at a time).`;

const { positionals, values } = readCommandLine(USAGE, {
  allowPositionals: true,
  options: { by: { type: 'string' } },
});

if (positionals[0] !== 'sweep' || positionals.length !== 1) {
  console.error(`${positionals[0] ? `No command "${positionals.join(' ')}".\n\n` : ''}${USAGE}`);
  process.exit(2);
}

await runCommand(async () => {
  if (!values.by) throw usageError('Say who you are with --by (recorded in the audit log).', USAGE);
  const { config, database } = await openShopDatabase();
  try {
    const counts = await sweepGuestData(database.db, config.guestDataRetentionDays, {
      staffId: null,
      actor: `cli:${values.by}`,
      ip: null,
      userAgent: null,
    });
    if (!counts) throw new CommandError('Another instance is sweeping right now; try again.');
    console.log(`Retention period: ${config.guestDataRetentionDays} days`);
    console.table(counts);
  } finally {
    await database.close();
  }
});
