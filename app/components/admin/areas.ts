import { mayWork, type StaffArea, type StaffRole } from '#domain/staff.ts';

/** The back office's areas, as its navigation lists them. */
export const ADMIN_AREAS: readonly { area: StaffArea; label: string; to: string }[] = [
  { area: 'dashboard', label: 'Dashboard', to: '/admin' },
  { area: 'orders', label: 'Orders', to: '/admin/orders' },
  { area: 'orders', label: 'Returns', to: '/admin/returns' },
  { area: 'orders', label: 'Trade accounts', to: '/admin/trade/accounts' },
  { area: 'orders', label: 'Quotes', to: '/admin/quotes' },
  { area: 'catalogue', label: 'Products', to: '/admin/products' },
  { area: 'catalogue', label: 'Categories and terms', to: '/admin/categories' },
  { area: 'catalogue', label: 'Import', to: '/admin/import' },
  { area: 'catalogue', label: 'Discount codes', to: '/admin/discount-codes' },
  { area: 'catalogue', label: 'Price lists', to: '/admin/price-lists' },
  { area: 'content', label: 'Content', to: '/admin/content' },
  { area: 'customers', label: 'Customers', to: '/admin/customers' },
  { area: 'customers', label: 'Trade applications', to: '/admin/trade/applications' },
  { area: 'reports', label: 'Reports', to: '/admin/reports' },
  { area: 'staff', label: 'Staff', to: '/admin/staff' },
  { area: 'audit', label: 'Audit log', to: '/admin/audit' },
  { area: 'settings', label: 'Settings', to: '/admin/settings' },
];

/** The areas a role may open (the server checks again on every call). */
export const areasFor = (role: StaffRole) => ADMIN_AREAS.filter((a) => mayWork(role, a.area));
