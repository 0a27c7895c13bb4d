import { useEffect, useRef, type RefObject } from 'react';
import { useIsTelegram } from './telegram-context';
import { telegramSdk } from './telegram-loader';

/**
 * Handlers that take the BackButton over for a while, newest first: an open sheet closes on Back
 * instead of the page going back underneath it. Shared by all hooks of this (single) app.
 */
const overrides: RefObject<() => void>[] = [];

/** Telegram's own Back button in the header, replacing the page's back link inside the app. */
export function useTelegramBackButton(visible: boolean, onClick: () => void): void {
  const isTelegram = useIsTelegram();
  const handler = useRef(onClick);
  useEffect(() => {
    handler.current = onClick;
  });

  useEffect(() => {
    if (!isTelegram) return;
    const unsubscribe = telegramSdk()?.onTelegramBackButton(() => {
      const override = overrides.at(-1);
      if (override) override.current();
      else handler.current();
    });
    return unsubscribe ?? undefined;
  }, [isTelegram]);

  useEffect(() => {
    if (isTelegram) telegramSdk()?.showTelegramBackButton(visible);
  }, [isTelegram, visible]);
}

/**
 * While `active`, Telegram's Back button calls `onBack` (e.g. closes a dialog) instead of going
 * back a page. The button itself stays as the page set it.
 */
export function useTelegramBackOverride(active: boolean, onBack: () => void): void {
  const isTelegram = useIsTelegram();
  const handler = useRef(onBack);
  useEffect(() => {
    handler.current = onBack;
  });
  useEffect(() => {
    if (!isTelegram || !active) return;
    overrides.push(handler);
    return () => {
      const index = overrides.lastIndexOf(handler);
      if (index !== -1) overrides.splice(index, 1);
    };
  }, [isTelegram, active]);
}
