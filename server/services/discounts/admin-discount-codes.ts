// The owner's discount codes: listed with their uses, created, edited and disabled. Every save
// is a staff write: version checked, audit row in the same transaction.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  DISCOUNT_FORM_MESSAGES,
  type DiscountCodeInput,
  type DiscountCodeJson,
} from '#domain/api-schemas-discounts.ts';
import { describeDiscount } from '#domain/discounts.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { badRequest } from '../../http/errors.ts';
import { versionedSave, type VersionTarget } from '../staff-write.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { rulesOf, type DiscountCodeRow } from './basket-discount.ts';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export function discountCodeJson(row: DiscountCodeRow): DiscountCodeJson {
  const rules = rulesOf(row);
  return {
    id: row.id,
    code: row.code,
    kind: rules.kind,
    description: describeDiscount(rules),
    percent: rules.kind === 'percent' ? row.amount : null,
    amount: rules.kind === 'fixed' ? formatPoundsPlain(row.amount) : null,
    min_spend: formatPoundsPlain(row.min_spend_pence),
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    max_uses: row.max_uses,
    max_uses_per_customer: row.max_uses_per_customer,
    uses: row.uses,
    product_ids: row.product_ids,
    category_ids: row.category_ids,
    active: row.active,
    version: row.version,
    created_at: iso(row.created_at)!,
  };
}

const target = (id: number): VersionTarget => ({
  table: 'discount_codes',
  id,
  entity: 'discount_code',
  missing: 'Discount code not found',
});

/** The row's columns as the input sets them. */
function columns(input: DiscountCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    amount:
      input.kind === 'percent'
        ? (input.percent ?? 0)
        : input.kind === 'fixed'
          ? (input.amount ?? 0)
          : 0,
    min_spend_pence: input.min_spend ?? 0,
    starts_at: input.starts_at?.toISOString() ?? null,
    ends_at: input.ends_at?.toISOString() ?? null,
    max_uses: input.max_uses,
    max_uses_per_customer: input.max_uses_per_customer,
    product_ids: input.product_ids,
    category_ids: input.category_ids,
    active: input.active,
  };
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;

export class AdminDiscountCodes {
  constructor(private readonly db: Database) {}

  /** Every code, newest first, with its uses. */
  async list(): Promise<DiscountCodeJson[]> {
    const rows = await queryRows<DiscountCodeRow>(
      this.db,
      sql`SELECT * FROM discount_codes ORDER BY created_at DESC, id DESC`,
    );
    return rows.map(discountCodeJson);
  }

  async get(id: number): Promise<DiscountCodeJson | null> {
    const [row] = await queryRows<DiscountCodeRow>(
      this.db,
      sql`SELECT * FROM discount_codes WHERE id = ${id}`,
    );
    return row ? discountCodeJson(row) : null;
  }

  private async assertCodeFree(tx: Database, code: string, id: number): Promise<void> {
    const taken = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM discount_codes WHERE code = ${code} AND id <> ${id}`,
    );
    if (taken.length > 0) {
      throw badRequest(DISCOUNT_FORM_MESSAGES.codeTaken, {
        code: DISCOUNT_FORM_MESSAGES.codeTaken,
      });
    }
  }

  async create(input: DiscountCodeInput, who: AuditActor): Promise<DiscountCodeJson> {
    return this.db.transaction(async (tx) => {
      await this.assertCodeFree(tx, input.code, 0);
      const c = columns(input);
      const [row] = await queryRows<DiscountCodeRow>(
        tx,
        sql`INSERT INTO discount_codes (code, kind, amount, min_spend_pence, starts_at, ends_at,
              max_uses, max_uses_per_customer, product_ids, category_ids, active)
            VALUES (${c.code}, ${c.kind}, ${c.amount}, ${c.min_spend_pence}, ${c.starts_at},
              ${c.ends_at}, ${c.max_uses}, ${c.max_uses_per_customer}, ${intArray(c.product_ids)},
              ${intArray(c.category_ids)}, ${c.active})
            RETURNING *`,
      );
      const json = discountCodeJson(row!);
      await audit(tx, who, {
        action: 'discount_code.create',
        entity: 'discount_code',
        entityId: row!.id,
        before: null,
        after: json,
      });
      return json;
    });
  }

  async update(id: number, input: DiscountCodeInput, who: AuditActor): Promise<DiscountCodeJson> {
    return versionedSave(
      this.db,
      who,
      { target: target(id), loaded: input.version, action: 'discount_code.save' },
      async (tx, version) => {
        const [before] = await queryRows<DiscountCodeRow>(
          tx,
          sql`SELECT * FROM discount_codes WHERE id = ${id}`,
        );
        await this.assertCodeFree(tx, input.code, id);
        if (input.max_uses !== null && input.max_uses < before!.uses) {
          throw badRequest(DISCOUNT_FORM_MESSAGES.usesBelowUsed, {
            max_uses: DISCOUNT_FORM_MESSAGES.usesBelowUsed,
          });
        }
        const c = columns(input);
        const [row] = await queryRows<DiscountCodeRow>(
          tx,
          sql`UPDATE discount_codes SET code = ${c.code}, kind = ${c.kind}, amount = ${c.amount},
                min_spend_pence = ${c.min_spend_pence}, starts_at = ${c.starts_at},
                ends_at = ${c.ends_at}, max_uses = ${c.max_uses},
                max_uses_per_customer = ${c.max_uses_per_customer},
                product_ids = ${intArray(c.product_ids)}, category_ids = ${intArray(c.category_ids)},
                active = ${c.active}, updated_at = now()
              WHERE id = ${id} RETURNING *`,
        );
        const after = discountCodeJson({ ...row!, version });
        return {
          before: discountCodeJson({ ...before!, version: version - 1 }),
          after,
          result: after,
        };
      },
    );
  }

  /** Disables (or enables again) a code: a disabled code is refused everywhere at once. */
  async setActive(
    id: number,
    active: boolean,
    loaded: number | undefined,
    who: AuditActor,
  ): Promise<DiscountCodeJson> {
    return versionedSave(
      this.db,
      who,
      {
        target: target(id),
        loaded,
        action: active ? 'discount_code.enable' : 'discount_code.disable',
      },
      async (tx, version) => {
        const [row] = await queryRows<DiscountCodeRow>(
          tx,
          sql`UPDATE discount_codes SET active = ${active}, updated_at = now()
              WHERE id = ${id} RETURNING *`,
        );
        const after = discountCodeJson({ ...row!, version });
        return { before: { active: !active }, after: { active }, result: after };
      },
    );
  }
}
