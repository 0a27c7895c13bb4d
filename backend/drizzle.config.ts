import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` writes a new versioned migration into ./drizzle after a schema change; the
// backend applies them at start with drizzle's migrator, on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
