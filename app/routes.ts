import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

/** Content pages rendered from the CMS by slug (spec section 2). */
const CMS_PAGES = [
  'about-us',
  'delivery-information',
  'return-refund-policy',
  'privacy-policy',
  'terms-and-conditions',
  'sealing-and-maintenance',
  'installation',
  'adhevise-grout-advise',
  'samples',
  'custom-stonework',
  'stone-project',
];

/** Every listing route of spec section 2 renders the one listing screen. */
const LISTINGS = [
  '/collections/:section/:item',
  '/collections/:item',
  '/colour/:item',
  '/room-type-usage/:item',
  '/finish/:item',
  '/stone-collection/:item',
  '/new-arrivals',
];

export default [
  index('routes/home.tsx'),
  route('/collections', 'routes/collections.tsx'),
  ...LISTINGS.map((path) => route(path, 'routes/listing.tsx', { id: `listing:${path}` })),
  route('/stone-collection', 'routes/section-fallback.tsx', { id: 'fallback:stone-collection' }),
  route('/design-pattern', 'routes/section-fallback.tsx', { id: 'fallback:design-pattern' }),
  route('/product/:slug', 'routes/product.tsx'),
  ...CMS_PAGES.map((slug) => route(`/${slug}`, 'routes/content-page.tsx', { id: `page:${slug}` })),
  route('/faq', 'routes/faq.tsx'),
  route('/contact-us', 'routes/contact-us.tsx'),
  route('/contact', 'routes/contact-us.tsx', { id: 'get-quote' }),
  route('/reviews', 'routes/reviews.tsx'),
  route('/blog', 'routes/blog.tsx'),
  route('/blog/:slug', 'routes/blog-post.tsx'),
  route('/newsletter/confirm', 'routes/newsletter-confirm.tsx'),
  route('/newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
  route('/checkout', 'routes/checkout.tsx'),
  route('/checkout/order/:number', 'routes/checkout-order.tsx'),
  route('/auth', 'routes/auth.tsx'),
  ...prefix('/my-account', [
    route('/lost-password', 'routes/account/lost-password.tsx'),
    route('/reset-password', 'routes/account/reset-password.tsx'),
    layout('routes/account/layout.tsx', [
      index('routes/account/dashboard.tsx'),
      route('/orders', 'routes/account/orders.tsx'),
      route('/orders/:number', 'routes/account/order.tsx'),
      route('/addresses', 'routes/account/addresses.tsx'),
      route('/account-details', 'routes/account/account-details.tsx'),
    ]),
  ]),
  ...prefix('/admin', [
    route('/sign-in', 'routes/admin/sign-in.tsx'),
    route('/invitation', 'routes/admin/invitation.tsx'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('/products', 'routes/admin/products.tsx'),
      route('/products/:id', 'routes/admin/product-edit.tsx'),
      route('/categories', 'routes/admin/categories.tsx'),
      route('/import', 'routes/admin/import.tsx'),
      route('/content', 'routes/admin/content/index.tsx'),
      route('/content/menu', 'routes/admin/content/menu.tsx'),
      route('/content/home', 'routes/admin/content/home.tsx'),
      route('/content/pages/:id', 'routes/admin/content/editor.tsx', { id: 'admin:page' }),
      route('/content/posts/:id', 'routes/admin/content/editor.tsx', { id: 'admin:post' }),
      route('/orders', 'routes/admin/orders.tsx'),
      route('/orders/:number', 'routes/admin/order.tsx'),
      route('/returns', 'routes/admin/returns.tsx'),
      route('/customers', 'routes/admin/customers.tsx'),
      route('/customers/:id', 'routes/admin/customer.tsx'),
      route('/staff', 'routes/admin/staff.tsx'),
      route('/password', 'routes/admin/password.tsx'),
      route('/audit', 'routes/admin/audit.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
