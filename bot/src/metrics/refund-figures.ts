// Refunds made, per provider, read from the notifier's store on each scrape: every instance
// reports the same shared count, which only grows.
import { Counter, type Registry } from 'prom-client';
import type { NotifierStore } from '../notifier/store';

export interface RefundFiguresOptions {
  refunds?: Pick<NotifierStore, 'refundsMade'>;
  onRefundsError?: (error: unknown) => void;
}

export function registerRefundFigures(registry: Registry, options: RefundFiguresOptions): void {
  const { refunds } = options;
  if (!refunds) return;
  new Counter({
    name: 'shop_refunds_total',
    help: 'Refunds made to shoppers, by the provider that returned the money.',
    labelNames: ['provider'],
    registers: [registry],
    async collect() {
      let counts: { provider: string; count: number }[];
      try {
        counts = await refunds.refundsMade();
      } catch (error) {
        options.onRefundsError?.(error);
        return;
      }
      this.reset();
      for (const { provider, count } of counts) this.inc({ provider }, count);
    },
  });
}
