export * from './catalogue.ts';
export * from './content.ts';
export * from './customers.ts';
export * from './carts.ts';
export * from './orders.ts';
export * from './staff.ts';
export * from './back-office.ts';
export * from './integrity.ts';
