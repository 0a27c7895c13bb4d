import { useCallback, useSyncExternalStore } from 'react';
import { useTelegramEnv } from './telegram-context';
import { telegramSdk } from './telegram-loader';

/** Whether Telegram currently shows a dark theme; follows live theme changes. */
export function useTelegramIsDark(): boolean {
  const env = useTelegramEnv();
  const subscribe = useCallback(
    (onChange: () => void) =>
      (env ? telegramSdk()?.onTelegramDarkChange(onChange) : undefined) ?? (() => undefined),
    [env],
  );
  return useSyncExternalStore(subscribe, () => {
    if (!env) return false;
    return telegramSdk()?.telegramThemeIsDark() ?? env.colorScheme === 'dark';
  });
}
