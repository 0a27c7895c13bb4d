// The database schema of both backends, one file per area; this index is what the code imports
// (`from '../db/schema'`) and what drizzle-kit reads (drizzle.config.ts) to write migrations.
export * from './columns';
export * from './catalog';
export * from './content';
export * from './accounts';
export * from './orders';
export * from './payments';
export * from './provider-payments';
