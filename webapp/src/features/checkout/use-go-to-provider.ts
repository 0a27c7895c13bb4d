// Paying outside the page: the Click or Payme page opened in place of the shop (it sends the
// shopper back), or Telegram's payment sheet opened over it. Either way the provider tells the
// shop, not the page, so the page then waits for the order to say it is paid.
import type { Order } from '@shop/shared';
import { useState } from 'react';
import { useLanguage } from '../../lib/i18n/use-language';
import { useTelegramInvoice } from './api/telegram-invoice';
import { appPayLink, returnUrlFor } from './app-pay-links';
import { paymentWaysConfig } from './payment-ways';

export function useGoToProvider(order: Order, onAway: () => void) {
  const lang = useLanguage();
  const [failed, setFailed] = useState(false);
  const invoice = useTelegramInvoice();
  const go = (way: 'click' | 'payme' | 'telegram') => {
    setFailed(false);
    if (way === 'telegram') {
      invoice.mutate(
        { number: order.number },
        {
          // Whatever the sheet says, the order tells whether it was paid: the page waits for it.
          onSuccess: (status) => {
            if (status === 'unsupported') setFailed(true);
            else onAway();
          },
          onError: () => {
            setFailed(true);
          },
        },
      );
      return;
    }
    let link: string | null = null;
    try {
      link = appPayLink(way, order, lang, paymentWaysConfig(), returnUrlFor(lang, order.number));
    } catch {
      link = null;
    }
    if (link === null) {
      setFailed(true);
      return;
    }
    onAway();
    window.location.assign(link);
  };
  return { go, failed, pending: invoice.isPending };
}
