import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { enquiries, products } from '#db/schema/index.ts';
import { mailShop } from '../shop-signature.ts';
import { ENQUIRY_TITLES, type Enquiry } from '#domain/enquiry.ts';
import { seesTradeOnly, type Buyer } from '#domain/price-for.ts';
import type { Mailer } from '../mail.ts';

function mailText(enquiry: Enquiry, productName: string | null): string {
  const lines: [string, string | undefined | null][] = [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Phone', enquiry.phone],
    ['Product', productName ?? (enquiry.product_id ? `#${enquiry.product_id}` : undefined)],
    ['Size', enquiry.size],
    ['Thickness', enquiry.thickness],
    ['Quantity', enquiry.quantity],
    ['Finish', enquiry.finish],
  ];
  return [
    ...lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
    '',
    enquiry.message || '(no message)',
  ].join('\n');
}

/**
 * Stores an enquiry, then mails it to the shop. The row is kept even when mail fails, so no
 * enquiry is lost; `mailed_at` says which ones still need sending. A trade-only product is
 * named only for a buyer who may see it: to retail its id is as unknown as any other.
 */
export async function submitEnquiry(
  db: Database,
  mail: Mailer,
  enquiry: Enquiry,
  buyer: Buyer,
): Promise<{ id: number; mailed: boolean }> {
  const product =
    enquiry.product_id === undefined
      ? undefined
      : (
          await db
            .select({ name: products.name })
            .from(products)
            .where(
              and(
                eq(products.id, enquiry.product_id),
                seesTradeOnly(buyer) ? undefined : eq(products.tradeOnly, false),
              ),
            )
        )[0];
  const productName = product?.name ?? null;
  const [row] = await db
    .insert(enquiries)
    .values({
      kind: enquiry.kind,
      name: enquiry.name,
      email: enquiry.email,
      phone: enquiry.phone || null,
      message: enquiry.message,
      productId: enquiry.product_id ?? null,
      productName,
      size: enquiry.size || null,
      thickness: enquiry.thickness || null,
      quantity: enquiry.quantity || null,
      finish: enquiry.finish || null,
    })
    .returning({ id: enquiries.id });
  const id = row!.id;
  try {
    await mail.sendMail({
      to: (await mailShop(db)).email,
      subject: `${ENQUIRY_TITLES[enquiry.kind]}: ${enquiry.name}${productName ? `, ${productName}` : ''} (#${id})`,
      text: mailText(enquiry, productName),
    });
  } catch {
    return { id, mailed: false };
  }
  await db.update(enquiries).set({ mailedAt: new Date() }).where(eq(enquiries.id, id));
  return { id, mailed: true };
}
