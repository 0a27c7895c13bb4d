import { createContext, useContext, type ReactNode } from 'react';
import type { TelegramEnv } from './telegram';

const TelegramContext = createContext<TelegramEnv | null>(null);

export function TelegramProvider({
  env,
  children,
}: {
  env: TelegramEnv | null;
  children: ReactNode;
}) {
  return <TelegramContext value={env}>{children}</TelegramContext>;
}

/** The launch facts inside Telegram, null in the standalone PWA. */
export function useTelegramEnv(): TelegramEnv | null {
  return useContext(TelegramContext);
}

export function useIsTelegram(): boolean {
  return useContext(TelegramContext) !== null;
}
