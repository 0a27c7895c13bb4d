// Waiting for a payment made outside the page (the Click or Payme app, Telegram's sheet): the
// provider tells the shop, not the page, so the page asks for the order again every few seconds
// for a while and shows what the order says.
import { useEffect, useState } from 'react';

const EVERY_MS = 2500;
const FOR_MS = 90_000;

/**
 * While `active`, calls `refetch` every few seconds, up to a minute and a half; `timedOut` once
 * that time passed without the order changing (the caller stops being active when it does).
 */
export function useAwaitPayment(active: boolean, refetch: () => void): { timedOut: boolean } {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started >= FOR_MS) {
        window.clearInterval(timer);
        setTimedOut(true);
        return;
      }
      refetch();
    }, EVERY_MS);
    return () => {
      window.clearInterval(timer);
      setTimedOut(false);
    };
  }, [active, refetch]);
  return { timedOut };
}
