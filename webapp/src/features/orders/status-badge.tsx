import type { OrderStatus } from '@shop/shared';
import { useTranslation } from 'react-i18next';

/** An order's status as a coloured pill: open statuses in the accent, the two ends their own. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <span className={`status status--${status}`}>{t(`orders.statuses.${status}`)}</span>;
}
