import { backButton } from '@telegram-apps/sdk-react';
import { useEffect, useRef } from 'react';
import { useIsTelegram } from './telegram-context';

/** Telegram's own Back button in the header, replacing the page's back link inside the app. */
export function useTelegramBackButton(visible: boolean, onClick: () => void): void {
  const isTelegram = useIsTelegram();
  const handler = useRef(onClick);
  useEffect(() => {
    handler.current = onClick;
  });

  useEffect(() => {
    if (!isTelegram || !backButton.onClick.isAvailable()) return;
    return backButton.onClick(() => {
      handler.current();
    });
  }, [isTelegram]);

  useEffect(() => {
    if (!isTelegram) return;
    if (visible && backButton.show.isAvailable()) backButton.show();
    if (!visible && backButton.hide.isAvailable()) backButton.hide();
  }, [isTelegram, visible]);
}
