/**
 * Shapes of the API answers, shared by the server that sends them and the storefront. Each is
 * derived from its Zod schema in api-schemas*.ts, the same schema /api/openapi.json publishes.
 */
import type { z } from 'zod';
import type * as s from './api-schemas.ts';
import type * as staff from './api-schemas-staff.ts';
import type { postcodeAddressSchema } from './api-schemas-address-lookup.ts';

export type ProductImage = z.infer<typeof s.productImageSchema>;
export type ProductTerm = z.infer<typeof s.productTermSchema>;
export type ProductAttribute = z.infer<typeof s.productAttributeSchema>;
export type ProductJson = z.infer<typeof s.productSchema>;

/** What a product card and its Quick View show: a carousel's products carry no more. */
export type ProductCardJson = Pick<
  ProductJson,
  'id' | 'slug' | 'name' | 'price' | 'regular_price' | 'sale_price' | 'images' | 'unit'
>;

export type VariationJson = z.infer<typeof s.variationSchema>;
export type ListingMeta = z.infer<typeof s.listingMetaSchema>;
export type FacetJson = z.infer<typeof s.facetSchema>;

/** A page of a listing; its products may be cut down to cards (`ProductCardJson`). */
export type ListingJson<Product extends ProductCardJson = ProductJson> = Omit<
  z.infer<typeof s.listingSchema>,
  'data'
> & { data: Product[] };

export type ProductDetailJson = z.infer<typeof s.productDetailSchema>;
export type MenuNodeJson = s.MenuNodeShape;
export type ClearanceJson = z.infer<typeof s.clearanceSchema>;
export type RecentPostJson = z.infer<typeof s.recentPostSchema>;
export type AttributeJson = z.infer<typeof s.attributeSchema>;
export type TermsPageJson = z.infer<typeof s.termsPageSchema>;

/** The JSON error body of every 4xx/5xx answer (design.md section 5). */
export type ApiErrorBody = z.infer<typeof s.errorBodySchema>;

/** A billing or shipping address as the account API sends it (spec section 3). */
export type AddressJson = z.infer<typeof s.addressJsonSchema>;

/** The customer of spec section 3; never carries a password hash. A missing address is null. */
export type CustomerJson = z.infer<typeof s.customerSchema>;

/** Login and registration answer; `token` and `wpToken` are the same session token. */
export type AuthJson = z.infer<typeof s.authSchema>;

/** One suggestion of the postcode lookup, ready to fill the address form. */
export type PostcodeAddressJson = z.infer<typeof postcodeAddressSchema>;

/** Back-office answers the staff screens read. */
export type StaffOrderRowJson = z.infer<typeof staff.staffOrderRowSchema>;
export type AuditRowJson = z.infer<typeof staff.auditRowSchema>;
export type StaffCustomerRow = z.infer<typeof staff.staffCustomerRowSchema>;
export type StaffCustomerJson = z.infer<typeof staff.staffCustomerSchema>;
