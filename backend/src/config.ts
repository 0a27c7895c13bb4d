import { z } from 'zod';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const ConfigSchema = z.object({
  PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65_535).default(4000)),
  HOST: z.preprocess(emptyAsUnset, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'Must be a postgres:// URL')
      .optional(),
  ),
  CATALOG_API_KEY: z.preprocess(emptyAsUnset, z.string().min(16).optional()),
  CATALOG_CACHE_TTL_MS: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Parses the environment once; a bad config fails with every bad key listed (values are not echoed). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid backend configuration:\n${lines.join('\n')}`);
}
