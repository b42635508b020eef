import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { queryRows, type Database } from '#db/client.ts';
import { RETAIL_BUYER, type Buyer, type PriceRule } from '#domain/price-for.ts';
import type { SessionRecord } from '../sessions.ts';

/**
 * A bound on staleness should a change notification be lost; a save of a group, its price list
 * or a customer's group drops everything at once on every instance (`invalidate`, on the
 * `prices` ShopChange).
 */
const BUYERS_TTL_MS = 60_000;

interface RuleRow {
  kind: string;
  category_id: number | null;
  variation_id: number | null;
  percent_off: string | null;
  price_pence: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

function ruleOf(row: RuleRow): PriceRule | null {
  const dates = { startsAt: dateOf(row.starts_at), endsAt: dateOf(row.ends_at) };
  if (row.kind === 'size_price' && row.variation_id !== null && row.price_pence !== null) {
    return {
      kind: 'size_price',
      variationId: row.variation_id,
      pricePence: row.price_pence,
      ...dates,
    };
  }
  if (row.kind === 'category_percent' && row.category_id !== null && row.percent_off !== null) {
    const percentOff = Number(row.percent_off);
    return { kind: 'category_percent', categoryId: row.category_id, percentOff, ...dates };
  }
  return null;
}

const BUYER_KEY = Symbol('buyer');
type WithBuyer = FastifyRequest & { [BUYER_KEY]?: Promise<Buyer> };

/**
 * Who is buying: session → customer → group → the group's price list. A customer's group and a
 * group with its rules are kept in memory (every catalogue answer of a signed-in shopper asks),
 * and dropped when staff change a group, a price list or a customer's group.
 */
export class BuyerService {
  /** customer id → group id (null: retail). */
  private readonly groupOf = new LRUCache<number, { groupId: number | null }>({
    max: 20_000,
    ttl: BUYERS_TTL_MS,
  });
  private readonly groups = new LRUCache<number, Promise<Buyer>>({ max: 200, ttl: BUYERS_TTL_MS });

  constructor(private readonly db: Database) {}

  /** Forgets every kept group and membership: a `prices` ShopChange. */
  invalidate(): void {
    this.groupOf.clear();
    this.groups.clear();
  }

  /** The request's buyer, read once per request. */
  forRequest(request: FastifyRequest): Promise<Buyer> {
    const holder = request as WithBuyer;
    holder[BUYER_KEY] ??= request.getSession().then((session) => this.forSession(session));
    return holder[BUYER_KEY];
  }

  async forSession(session: SessionRecord | null): Promise<Buyer> {
    return session?.customerId ? this.forCustomer(session.customerId) : RETAIL_BUYER;
  }

  async forCustomer(customerId: number): Promise<Buyer> {
    let member = this.groupOf.get(customerId);
    if (!member) {
      const [row] = await queryRows<{ group_id: number | null }>(
        this.db,
        sql`SELECT group_id FROM customers WHERE id = ${customerId}`,
      );
      member = { groupId: row?.group_id ?? null };
      this.groupOf.set(customerId, member);
    }
    return member.groupId === null ? RETAIL_BUYER : this.forGroup(member.groupId);
  }

  forGroup(groupId: number): Promise<Buyer> {
    let buyer = this.groups.get(groupId);
    if (!buyer) {
      buyer = this.readGroup(groupId);
      this.groups.set(groupId, buyer);
      buyer.catch(() => {
        if (this.groups.get(groupId) === buyer) this.groups.delete(groupId);
      });
    }
    return buyer;
  }

  private async readGroup(groupId: number): Promise<Buyer> {
    const [groups, rules] = await Promise.all([
      queryRows<{ name: string; show_ex_vat: boolean }>(
        this.db,
        sql`SELECT name, show_ex_vat FROM customer_groups WHERE id = ${groupId}`,
      ),
      queryRows<RuleRow>(
        this.db,
        sql`SELECT kind, category_id, variation_id, percent_off, price_pence, starts_at, ends_at
          FROM price_list_rules WHERE group_id = ${groupId} ORDER BY id`,
      ),
    ]);
    const group = groups[0];
    // A group deleted meanwhile: its former members pay retail.
    if (!group) return RETAIL_BUYER;
    return {
      groupId,
      group: group.name,
      showExVat: group.show_ex_vat,
      rules: rules.flatMap((row) => ruleOf(row) ?? []),
    };
  }
}
