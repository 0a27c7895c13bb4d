import { themeParams, useSignal } from '@telegram-apps/sdk-react';
import { useTelegramEnv } from './telegram-context';

/** Whether Telegram currently shows a dark theme; follows live theme changes. */
export function useTelegramIsDark(): boolean {
  const env = useTelegramEnv();
  const isDark = useSignal(themeParams.isDark);
  if (!env) return false;
  return themeParams.isMounted() ? isDark : env.colorScheme === 'dark';
}
