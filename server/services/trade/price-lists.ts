// Customer groups and their price lists for staff: listed with their members, created, and
// saved whole (name, ex-VAT display and every rule) as one versioned, audited write.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  PRICE_LIST_MESSAGES,
  type CustomerGroupJson,
  type CustomerGroupSave,
  type PriceRuleInput,
  type PriceRuleJson,
  type PriceRuleKind,
} from '#domain/api-schemas-price-lists.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { addVatPence, exVatPence } from '#domain/vat.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { versionedSave, type VersionTarget } from '../staff-write.ts';
import { audit, type AuditActor } from '../staff/audit.ts';

interface GroupRow {
  id: number;
  name: string;
  show_ex_vat: boolean;
  version: number;
  members: number;
}

interface RuleRow {
  id: number;
  group_id: number;
  kind: PriceRuleKind;
  category_id: number | null;
  category: string | null;
  variation_id: number | null;
  size: string | null;
  percent_off: string | null;
  price_pence: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function ruleJson(row: RuleRow, vatPercent: number): PriceRuleJson {
  return {
    id: row.id,
    kind: row.kind,
    category_id: row.category_id,
    category: row.category,
    variation_id: row.variation_id,
    size: row.size,
    percent_off: row.percent_off === null ? null : Number(row.percent_off).toFixed(2),
    price: row.price_pence === null ? null : formatPoundsPlain(row.price_pence),
    price_ex_vat:
      row.price_pence === null ? null : formatPoundsPlain(exVatPence(row.price_pence, vatPercent)),
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
  };
}

const target = (id: number): VersionTarget => ({
  table: 'customer_groups',
  id,
  entity: 'customer_group',
  missing: 'Group not found',
});

export class PriceLists {
  /** `vatPercent`: today's rate, for prices typed ex VAT and shown both ways. */
  constructor(
    private readonly db: Database,
    private readonly vatPercent: () => Promise<number>,
  ) {}

  /** `percent` read before any transaction: on one connection a read beside it would wait. */
  private async read(db: Database, percent: number, id?: number): Promise<CustomerGroupJson[]> {
    const only = id === undefined ? sql`` : sql`WHERE g.id = ${id}`;
    const groups = await queryRows<GroupRow>(
      db,
      sql`SELECT g.id, g.name, g.show_ex_vat, g.version,
            (SELECT count(*)::int FROM customers c WHERE c.group_id = g.id) AS members
          FROM customer_groups g ${only} ORDER BY g.name`,
    );
    const rules = await queryRows<RuleRow>(
      db,
      sql`SELECT r.id, r.group_id, r.kind, r.category_id, c.name AS category, r.variation_id,
            CASE WHEN v.id IS NULL THEN NULL ELSE p.name || ' – ' || v.option END AS size,
            r.percent_off::text AS percent_off, r.price_pence, r.starts_at, r.ends_at
          FROM price_list_rules r
          LEFT JOIN categories c ON c.id = r.category_id
          LEFT JOIN variations v ON v.id = r.variation_id
          LEFT JOIN products p ON p.id = v.product_id
          ${id === undefined ? sql`` : sql`WHERE r.group_id = ${id}`}
          ORDER BY r.group_id, r.id`,
    );
    return groups.map((g) => ({
      ...g,
      rules: rules.filter((r) => r.group_id === g.id).map((r) => ruleJson(r, percent)),
    }));
  }

  async list(): Promise<CustomerGroupJson[]> {
    return this.read(this.db, await this.vatPercent());
  }

  async get(id: number, db: Database = this.db, percent?: number): Promise<CustomerGroupJson> {
    const [group] = await this.read(db, percent ?? (await this.vatPercent()), id);
    if (!group) throw notFound('Group not found');
    return group;
  }

  private async assertNameFree(tx: Database, name: string, id: number): Promise<void> {
    const taken = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM customer_groups WHERE lower(name) = lower(${name}) AND id <> ${id}`,
    );
    if (taken.length > 0) {
      throw badRequest(PRICE_LIST_MESSAGES.nameTaken, { name: PRICE_LIST_MESSAGES.nameTaken });
    }
  }

  async create(
    input: { name: string; show_ex_vat: boolean },
    who: AuditActor,
  ): Promise<CustomerGroupJson> {
    const percent = await this.vatPercent();
    return this.db.transaction(async (tx) => {
      await this.assertNameFree(tx, input.name, 0);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO customer_groups (name, show_ex_vat)
            VALUES (${input.name}, ${input.show_ex_vat}) RETURNING id`,
      );
      const group = await this.get(row!.id, tx, percent);
      await audit(tx, who, {
        action: 'customer_group.create',
        entity: 'customer_group',
        entityId: group.id,
        before: null,
        after: { name: group.name, show_ex_vat: group.show_ex_vat, version: group.version },
      });
      return group;
    });
  }

  /** 400 naming each rule whose category or size does not exist. */
  private async assertTargetsExist(tx: Database, rules: PriceRuleInput[]): Promise<void> {
    const ids = (pick: (r: PriceRuleInput) => number | null) =>
      `{${[...new Set(rules.map(pick).filter((v) => v !== null))].join(',')}}`;
    const found = await queryRows<{ kind: string; id: number }>(
      tx,
      sql`SELECT 'category' AS kind, id FROM categories
            WHERE id = ANY(${ids((r) => (r.kind === 'category_percent' ? r.category_id : null))}::int[])
          UNION ALL SELECT 'size', id FROM variations
            WHERE id = ANY(${ids((r) => (r.kind === 'size_price' ? r.variation_id : null))}::int[])`,
    );
    const has = new Set(found.map((f) => `${f.kind}:${f.id}`));
    const fields: Record<string, string> = {};
    rules.forEach((r, i) => {
      if (r.kind === 'category_percent' && !has.has(`category:${r.category_id}`)) {
        fields[`rules.${i}.category_id`] = PRICE_LIST_MESSAGES.categoryRequired;
      }
      if (r.kind === 'size_price' && !has.has(`size:${r.variation_id}`)) {
        fields[`rules.${i}.variation_id`] = PRICE_LIST_MESSAGES.sizeRequired;
      }
    });
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first, fields);
  }

  /**
   * Saves a group and its whole price list from the version the editor loaded (409 when stale).
   * A price typed ex VAT is stored with VAT at today's rate added (domain/vat.ts addVatPence).
   */
  async save(id: number, input: CustomerGroupSave, who: AuditActor): Promise<CustomerGroupJson> {
    const percent = await this.vatPercent();
    return versionedSave(
      this.db,
      who,
      { target: target(id), loaded: input.version, action: 'customer_group.save' },
      async (tx) => {
        const before = await this.get(id, tx, percent);
        await this.assertNameFree(tx, input.name, id);
        await this.assertTargetsExist(tx, input.rules);
        await tx.execute(sql`UPDATE customer_groups SET name = ${input.name},
            show_ex_vat = ${input.show_ex_vat}, updated_at = now() WHERE id = ${id}`);
        await tx.execute(sql`DELETE FROM price_list_rules WHERE group_id = ${id}`);
        for (const rule of input.rules) {
          const gross =
            rule.kind !== 'size_price' || rule.price === null
              ? null
              : rule.price_entered === 'ex_vat'
                ? addVatPence(rule.price, percent)
                : rule.price;
          await tx.execute(sql`INSERT INTO price_list_rules (group_id, kind, category_id,
                variation_id, percent_off, price_pence, starts_at, ends_at)
              VALUES (${id}, ${rule.kind},
                ${rule.kind === 'category_percent' ? rule.category_id : null},
                ${rule.kind === 'size_price' ? rule.variation_id : null},
                ${rule.kind === 'category_percent' ? rule.percent_off : null}, ${gross},
                ${rule.starts_at?.toISOString() ?? null}, ${rule.ends_at?.toISOString() ?? null})`);
        }
        const after = await this.get(id, tx, percent);
        const shape = (g: CustomerGroupJson) => ({
          name: g.name,
          show_ex_vat: g.show_ex_vat,
          rules: g.rules.map(({ id: _id, ...rule }) => rule),
        });
        return { before: shape(before), after: shape(after), result: after };
      },
    );
  }
}
