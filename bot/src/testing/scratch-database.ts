// Tests on PostgreSQL read this one variable directly: it is test-runner configuration, not app
// config. The scratch databases themselves come from @shop/backend's createScratchDatabase.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
