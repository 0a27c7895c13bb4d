// The server's configuration: the environment parsed once, by area (one module each), with the
// embedded backend's settings read by the backend's own config module. A bad configuration fails
// the start with every bad key listed. Nothing else in this package reads the environment.
import { readBackendSettings } from '@shop/backend';
import { problemLines, type Env } from '@shop/shared/server';
import { z } from 'zod';
import {
  backendsConfig,
  backendsProblems,
  BackendsSettings,
  type BackendsConfig,
} from './backends';
import { httpConfig, httpProblems, HttpSettings, type HttpConfig } from './http';
import { limitsConfig, LimitsSettings, type LimitsConfig } from './limits';
import { metricsConfig, metricsProblems, MetricsSettings, type MetricsConfig } from './metrics';
import { notifierConfig, NotifierSettings, type NotifierConfig } from './notifier';
import { relayConfig, RelaySettings, type RelayConfig } from './relay';
import { staffConfig, staffProblems, StaffSettings, type StaffConfig } from './staff';
import { telegramConfig, telegramProblems, TelegramSettings, type BotConfig } from './telegram';
import {
  telegramPaymentsConfig,
  TelegramPaymentsSettings,
  type TelegramPaymentsConfig,
} from './telegram-payments';
import { webappConfig, WebappSettings, type WebappConfig } from './webapp';

export { DEFAULT_CLIENT_TIMEOUTS, type ClientTimeouts, type TrustProxy } from './http';
export { DEFAULT_PORT, localServerUrl } from './default-port';
export type { Upstreams } from './backends';
export {
  DEFAULT_MEDIA_TRANSFER_TIMEOUT_MS,
  DEFAULT_UPSTREAM_MAX_ANSWER_BYTES,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
} from './relay';
export type { TelegramConfig } from './telegram';
export type { MetricsExposure } from './metrics';
export type { OperatorApi, StaffConfig } from './staff';

const EnvSchema = z.object({
  ...HttpSettings.shape,
  ...BackendsSettings.shape,
  ...RelaySettings.shape,
  ...WebappSettings.shape,
  ...TelegramSettings.shape,
  ...TelegramPaymentsSettings.shape,
  ...NotifierSettings.shape,
  ...LimitsSettings.shape,
  ...MetricsSettings.shape,
  ...StaffSettings.shape,
});

export type Config = HttpConfig &
  BackendsConfig &
  RelayConfig &
  WebappConfig &
  BotConfig &
  TelegramPaymentsConfig &
  NotifierConfig &
  LimitsConfig &
  MetricsConfig &
  StaffConfig;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once. Rules between keys are checked on the raw values, so they are
 * reported together with any problem of a single key.
 */
export function loadConfig(env: Env = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const embeddedBackend = readBackendSettings(env);
  const problems = [
    ...(parsed.success ? [] : problemLines(parsed.error)),
    ...(embeddedBackend.ok ? [] : embeddedBackend.problems),
    ...backendsProblems(env),
    ...httpProblems(env),
    ...telegramProblems(env),
    ...metricsProblems(env),
    ...staffProblems(env),
  ];
  if (!parsed.success || !embeddedBackend.ok || problems.length > 0) {
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const backends = backendsConfig(e, embeddedBackend.value);
  return {
    ...httpConfig(e),
    ...backends,
    ...relayConfig(e),
    ...webappConfig(e),
    ...telegramConfig(e),
    ...telegramPaymentsConfig(e),
    ...notifierConfig(e, backends.upstreams),
    ...limitsConfig(e),
    ...metricsConfig(e),
    ...staffConfig(e),
  };
}
