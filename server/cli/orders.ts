import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { orderParams } from '#domain/checkout.ts';
import { toPence } from '#domain/money.ts';
import { ORDER_STATUSES, type OrderStatus } from '#domain/order-states.ts';
import { HttpError } from '../http/errors.ts';
import { createServices } from '../services/index.ts';
import { RefundService } from '../services/orders/refunds.ts';
import {
  CommandError,
  openShopDatabase,
  readCommandLine,
  runCommand,
  usageError,
} from './command-line.ts';

const USAGE = `Staff tools for orders (until the back office runs them):
  npm run orders -- list [--status pending_payment]
  npm run orders -- show TS-100001
  npm run orders -- mark-paid TS-100001 --by you@shop --amount 123.45
  npm run orders -- move TS-100001 processing|dispatched|delivered|cancelled --by you@shop [--note "…"]
  npm run orders -- expire
Against DATABASE_URL, or the embedded database in DATA_DIR (stop the shop first: one process at a time).`;

const { positionals, values } = readCommandLine(USAGE, {
  allowPositionals: true,
  options: {
    status: { type: 'string' },
    by: { type: 'string' },
    note: { type: 'string' },
    amount: { type: 'string' },
  },
});
const [command, number, target] = positionals;

function fail(message: string): never {
  throw usageError(message, USAGE);
}

function orderNumber(): string {
  const parsed = orderParams.safeParse({ number });
  if (!parsed.success) fail('An order number looks like TS-100001.');
  return parsed.data.number;
}

function staff(): string {
  if (!values.by) fail('Say who you are with --by (recorded in the order history).');
  return `staff:${values.by}`;
}

const COMMANDS = ['list', 'show', 'mark-paid', 'move', 'expire'];
if (!command || !COMMANDS.includes(command)) {
  console.error(`${command ? `No command "${command}".\n\n` : ''}${USAGE}`);
  process.exit(2);
}

await runCommand(async () => {
  const { config, database } = await openShopDatabase();
  try {
    const { orders, payments } = createServices(database.db, database.db, config);
    const find = async (n: string) => {
      const [row] = await queryRows<{ id: number }>(
        database.db,
        sql`SELECT id FROM orders WHERE number = ${n}`,
      );
      if (!row) throw new CommandError(`No order ${n}`);
      return row.id;
    };
    switch (command) {
      case 'list': {
        const status = values.status as OrderStatus | undefined;
        if (status && !ORDER_STATUSES.includes(status))
          fail(`Statuses: ${ORDER_STATUSES.join(', ')}`);
        const rows = await queryRows<Record<string, unknown>>(
          database.db,
          sql`SELECT number, placed_at, status, payment_status, payment_method, email,
              to_char(total_pence / 100.0, 'FM999999990.00') AS total
            FROM orders ${status ? sql`WHERE status = ${status}` : sql``}
            ORDER BY placed_at DESC LIMIT 100`,
        );
        console.table(rows);
        break;
      }
      case 'show':
        console.log(JSON.stringify(await orders.json(await find(orderNumber())), null, 2));
        break;
      case 'mark-paid': {
        const n = orderNumber();
        const order = await orders.json(await find(n));
        if (!values.amount)
          fail(
            `Give the amount received with --amount (the total is ${order.totals.total.gross}).`,
          );
        const result = await orders.markPaid({
          orderNumber: n,
          provider: 'bank_transfer',
          providerRef: null,
          amountPence: toPence(values.amount),
          currency: 'GBP',
          actor: staff(),
        });
        console.log(`${n}: ${result}`);
        if (result !== 'paid' && result !== 'already_paid') process.exitCode = 1;
        break;
      }
      case 'move': {
        const n = orderNumber();
        if (!target || !ORDER_STATUSES.includes(target as OrderStatus)) {
          fail(`Move to one of: ${ORDER_STATUSES.join(', ')}`);
        }
        const actor = staff();
        const refunds = new RefundService(database.db, orders, payments);
        const who = { staffId: null, actor: values.by!, ip: null, userAgent: null };
        await orders.move(n, target as OrderStatus, actor, values.note, undefined, async (tx) => {
          if (target === 'cancelled') await refunds.creditCancelled(tx, n, who);
        });
        console.log(`${n}: ${target}`);
        break;
      }
      case 'expire':
        console.log(`Expired: ${(await orders.expireOverdue()).join(', ') || 'none'}`);
        break;
    }
  } catch (error) {
    if (error instanceof HttpError) throw new CommandError(error.message);
    throw error;
  } finally {
    await database.close();
  }
});
