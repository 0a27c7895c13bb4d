import { useEffect, useRef } from 'react';
import { useIsTelegram } from './telegram-context';
import { telegramSdk } from './telegram-loader';

export interface MainButtonOptions {
  text: string;
  visible: boolean;
  enabled?: boolean;
  /** Shows Telegram's spinner on the button while a call runs. */
  loading?: boolean;
  onClick: () => void;
}

/**
 * Telegram's MainButton as the page's primary action ("Add to cart", "Checkout", "Place order").
 * Outside Telegram it does nothing and the page renders its own button instead.
 */
export function useTelegramMainButton(options: MainButtonOptions): void {
  const isTelegram = useIsTelegram();
  const { text, visible, enabled = true, loading = false } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!isTelegram) return;
    const unsubscribe = telegramSdk()?.onTelegramMainButton(() => {
      const current = latest.current;
      // Telegram may still deliver a press that raced with disabling the button.
      if (current.enabled === false || current.loading === true || !current.visible) return;
      current.onClick();
    });
    return unsubscribe ?? undefined;
  }, [isTelegram]);

  useEffect(() => {
    if (!isTelegram) return;
    telegramSdk()?.setTelegramMainButton({
      text,
      isVisible: visible,
      isEnabled: enabled && !loading,
      isLoaderVisible: loading,
    });
  }, [isTelegram, text, visible, enabled, loading]);

  // Leaving the page must not leave its action floating over the next one.
  useEffect(() => {
    if (!isTelegram) return;
    return () => {
      telegramSdk()?.setTelegramMainButton({ isVisible: false, isLoaderVisible: false });
    };
  }, [isTelegram]);
}
