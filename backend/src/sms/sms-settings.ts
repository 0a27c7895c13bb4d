// Which SMS provider sends the shop's texts, as the configuration chose it.
import type { EskizSettings } from './eskiz/eskiz-provider';

export type SmsSettings = { provider: 'console' } | ({ provider: 'eskiz' } & EskizSettings);
