import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { addresses, customers } from '#db/schema/index.ts';
import type { AddressJson, CustomerJson } from '#domain/api-types.ts';
import { TRADE_ACCOUNT_MESSAGES } from '#domain/api-schemas-trade-accounts.ts';
import type { Address } from '#domain/validation.ts';
import { HttpError } from '../../http/errors.ts';

export const ADDRESS_KINDS = ['billing', 'shipping'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

type CustomerRow = typeof customers.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

/** Emails compare case-insensitively; they are stored as typed, trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

function addressJson(row: AddressRow | undefined): AddressJson | null {
  if (!row) return null;
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    phone: row.phone,
    email: row.email,
    country: row.country,
    postcode: row.postcode,
    address_1: row.address1,
    address_2: row.address2,
    city: row.city,
    county: row.county,
  };
}

function addressColumns(address: Address) {
  return {
    firstName: address.first_name,
    lastName: address.last_name,
    company: address.company ?? '',
    phone: address.phone,
    email: address.email,
    country: address.country,
    postcode: address.postcode,
    address1: address.address_1,
    address2: address.address_2 ?? '',
    city: address.city,
    county: address.county ?? '',
    updatedAt: new Date(),
  };
}

/** The public face of a customer: what the API may show. The hash never leaves this module. */
function customerJson(row: CustomerRow, rows: AddressRow[]): CustomerJson {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    username: row.username,
    billing: addressJson(rows.find((a) => a.kind === 'billing')),
    shipping: addressJson(rows.find((a) => a.kind === 'shipping')),
    is_paying_customer: row.isPayingCustomer,
    email_verified_at: row.emailVerifiedAt?.toISOString() ?? null,
    avatar_url: row.avatarUrl,
    date_created: row.createdAt.toISOString(),
    date_modified: row.updatedAt.toISOString(),
  };
}

export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  email?: string;
  passwordHash?: string;
  billing?: Address | null;
  shipping?: Address | null;
}

/** Customers and their addresses. Only the fields listed in ProfileChanges can ever change. */
export class CustomerStore {
  constructor(private readonly db: Database) {}

  async findByEmail(email: string): Promise<CustomerRow | null> {
    const [row] = await this.db
      .select()
      .from(customers)
      .where(eq(sql`lower(${customers.email})`, normaliseEmail(email)));
    return row ?? null;
  }

  async findById(id: number): Promise<CustomerRow | null> {
    const [row] = await this.db.select().from(customers).where(eq(customers.id, id));
    return row ?? null;
  }

  /** Creates a customer; null when the email is already registered. */
  async create(email: string, passwordHash: string): Promise<CustomerRow | null> {
    const normalised = normaliseEmail(email);
    const [row] = await this.db
      .insert(customers)
      .values({ email: normalised, passwordHash, username: normalised.split('@')[0] ?? normalised })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async json(id: number): Promise<CustomerJson | null> {
    const row = await this.findById(id);
    if (!row) return null;
    const rows = await this.db.select().from(addresses).where(eq(addresses.customerId, id));
    return customerJson(row, rows);
  }

  async address(id: number, kind: AddressKind): Promise<AddressJson | null> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, id), eq(addresses.kind, kind)));
    return addressJson(row);
  }

  /** Applies the changes in one transaction; false when the new email belongs to someone else. */
  async update(id: number, changes: ProfileChanges): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (changes.email !== undefined) {
        const email = normaliseEmail(changes.email);
        const [taken] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(sql`lower(${customers.email})`, email), sql`${customers.id} <> ${id}`));
        if (taken) return false;
      }
      await tx
        .update(customers)
        .set({
          ...(changes.first_name !== undefined ? { firstName: changes.first_name } : {}),
          ...(changes.last_name !== undefined ? { lastName: changes.last_name } : {}),
          // A new address is not proven yet: the old one's verification does not carry over.
          ...(changes.email !== undefined
            ? {
                email: normaliseEmail(changes.email),
                emailVerifiedAt: sql`CASE WHEN lower(${customers.email}) = ${normaliseEmail(changes.email)}
                  THEN ${customers.emailVerifiedAt} END`,
              }
            : {}),
          ...(changes.passwordHash ? { passwordHash: changes.passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(customers.id, id));
      for (const kind of ADDRESS_KINDS) {
        const address = changes[kind];
        if (address === undefined) continue;
        if (address === null) {
          await tx
            .delete(addresses)
            .where(and(eq(addresses.customerId, id), eq(addresses.kind, kind)));
          continue;
        }
        const columns = addressColumns(address);
        await tx
          .insert(addresses)
          .values({ customerId: id, kind, ...columns })
          .onConflictDoUpdate({ target: [addresses.customerId, addresses.kind], set: columns });
      }
      return true;
    });
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db
      .update(customers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(customers.id, id));
  }

  /**
   * Deletes the customer; sessions, addresses, cart and reset tokens go with it (cascades), and
   * their orders stay as a guest's. A trade account with invoices on credit or payments received
   * is refused (409): those are accounting records kept six years, and its ledger is read by the
   * customer. The account's row lock keeps an order or payment from landing meanwhile.
   */
  async delete(id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [kept] = await queryRows<{ kept: boolean }>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM account_payments WHERE customer_id = t.customer_id)
              OR EXISTS (SELECT 1 FROM invoices i JOIN orders o ON o.id = i.order_id
                WHERE o.customer_id = t.customer_id AND i.due_on IS NOT NULL) AS kept
            FROM trade_accounts t WHERE t.customer_id = ${id} FOR UPDATE OF t`,
      );
      if (kept?.kept) {
        throw new HttpError(409, 'accounting_records', TRADE_ACCOUNT_MESSAGES.ledgerKept);
      }
      await tx.delete(customers).where(eq(customers.id, id));
    });
  }
}
