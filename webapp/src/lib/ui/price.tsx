import { formatMoney } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';

/** A price with its struck-through old price and discount when there is one. */
export function Price({
  amount,
  oldAmount,
  size = 'md',
  id,
}: {
  amount: number;
  oldAmount?: number | null;
  size?: 'sm' | 'md' | 'lg';
  /** For a container that names itself by the price (aria-labelledby). */
  id?: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const discounted = oldAmount != null && oldAmount > amount;
  return (
    <span className={`price price--${size}`} id={id}>
      <span className={discounted ? 'price__now price__now--sale' : 'price__now'}>
        {formatMoney(amount, lang)}
      </span>
      {discounted && (
        <s className="price__old">
          <span className="visually-hidden">
            {t('product.oldPrice', { price: formatMoney(oldAmount, lang) })}
          </span>
          <span aria-hidden="true">{formatMoney(oldAmount, lang)}</span>
        </s>
      )}
    </span>
  );
}

/** −25% for 1500 → 1125, rounded so a 0.4% cut never reads as "−0%". */
export function discountPercent(amount: number, oldAmount: number | null): number | null {
  if (oldAmount == null || oldAmount <= amount || oldAmount === 0) return null;
  return Math.max(1, Math.round(((oldAmount - amount) / oldAmount) * 100));
}
