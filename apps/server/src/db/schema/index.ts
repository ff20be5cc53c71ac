export * from './audit.ts';
export * from './sessions.ts';
export * from './shops.ts';
export * from './users.ts';
