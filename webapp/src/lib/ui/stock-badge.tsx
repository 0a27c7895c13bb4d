import { useTranslation } from 'react-i18next';

export function StockBadge({ inStock }: { inStock: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={inStock ? 'badge badge--stock' : 'badge badge--out'}>
      {inStock ? t('product.inStock') : t('product.outOfStock')}
    </span>
  );
}
