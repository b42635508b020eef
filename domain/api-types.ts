/** Shapes of the API answers, shared by the server that sends them and the storefront. */

export interface ProductImage {
  id: number;
  src: string;
  alt: string;
}

export interface ProductTerm {
  id: number;
  name: string;
  slug: string;
}

export interface ProductAttribute {
  id: number;
  name: string;
  slug: string;
  options: string[];
  terms: ProductTerm[];
}

export interface ProductJson {
  id: number;
  slug: string;
  name: string;
  permalink: string;
  type: string;
  status: string;
  featured: boolean;
  on_sale: boolean;
  date_created: string;
  price: string;
  regular_price: string;
  sale_price: string;
  price_html: string;
  short_description: string;
  description?: string;
  images: ProductImage[];
  categories: ProductTerm[];
  attributes: ProductAttribute[];
  variations: number[];
}

/** What a product card and its Quick View show: a carousel's products carry no more. */
export type ProductCardJson = Pick<ProductJson, 'id' | 'slug' | 'name' | 'price' | 'images'>;

export interface VariationJson {
  id: number;
  parent_id: number;
  price: string;
  regular_price: string;
  instock: boolean;
  stock_status: 'instock' | 'outofstock';
  /** Pieces on hand; null when not counted (free samples, made to order). */
  stock_quantity: number | null;
  attributes: { name: 'pa_sizemm'; option: string }[];
}

export interface ListingMeta {
  current_page: number;
  has_next_page: boolean;
  total_pages: number;
  total_products: number;
  per_page: number;
}

export interface FacetJson {
  attribute_id: number;
  name: string;
  slug: string;
  terms: { id: number; name: string; slug: string; count: number }[];
}

/** A page of a listing; its products may be cut down to cards (`ProductCardJson`). */
export interface ListingJson<Product extends ProductCardJson = ProductJson> {
  data: Product[];
  meta: ListingMeta;
  facets?: FacetJson[];
}

export interface ProductDetailJson {
  data: ProductJson;
  variations: VariationJson[];
}

export interface MenuNodeJson {
  title: string;
  children: MenuNodeJson[];
}

export interface ClearanceJson {
  id: number;
  name: string;
  slug: string;
  price_html: string;
  imageURL: string;
  material: string;
}

export interface RecentPostJson {
  id: number;
  slug: string;
  title: string;
  link: string;
  date: string;
  excerpt: string;
  og_image: { url: string }[];
}

export interface AttributeJson {
  id: number;
  name: string;
  slug: string;
}

export interface TermsPageJson {
  data: { id: number; name: string; slug: string; count: number }[];
  meta: { attribute_id: number; current_page: number; total_pages: number; total: number };
}

/** The JSON error body of every 4xx/5xx answer (design.md section 5). */
export interface ApiErrorBody {
  code: string;
  message: string;
  error: string;
  fields?: Record<string, string>;
}

/** A billing or shipping address as the account API sends it (spec section 3). */
export interface AddressJson {
  first_name: string;
  last_name: string;
  company: string;
  phone: string;
  email: string;
  country: string;
  postcode: string;
  address_1: string;
  address_2: string;
  city: string;
  county: string;
}

/** The customer of spec section 3; never carries a password hash. A missing address is null. */
export interface CustomerJson {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  username: string;
  billing: AddressJson | null;
  shipping: AddressJson | null;
  is_paying_customer: boolean;
  avatar_url: string;
  date_created: string;
  date_modified: string;
}

/** Login and registration answer; `token` and `wpToken` are the same session token. */
export interface AuthJson {
  customer: CustomerJson;
  token: string;
  wpToken: string;
}

/** One suggestion of the postcode lookup, ready to fill the address form. */
export interface PostcodeAddressJson {
  address_1: string;
  address_2: string;
  city: string;
  county: string;
  postcode: string;
}
