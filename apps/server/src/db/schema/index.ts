export * from './audit.ts';
export * from './bills.ts';
export * from './members.ts';
export * from './prices.ts';
export * from './reports.ts';
export * from './sessions.ts';
export * from './shops.ts';
export * from './users.ts';
