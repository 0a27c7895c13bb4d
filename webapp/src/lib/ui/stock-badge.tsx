import { useTranslation } from 'react-i18next';
import { stockLevel } from './stock-level';

/** "In stock", "Only 3 left" or "Out of stock" (quantity optional where it is not known). */
export function StockBadge({ inStock, quantity }: { inStock: boolean; quantity?: number }) {
  const { t } = useTranslation();
  const level = stockLevel(inStock, quantity);
  switch (level.kind) {
    case 'in':
      return <span className="badge badge--stock">{t('product.inStock')}</span>;
    case 'few':
      return (
        <span className="badge badge--few">{t('product.fewLeft', { count: level.left })}</span>
      );
    case 'out':
      return <span className="badge badge--out">{t('product.outOfStock')}</span>;
  }
}
