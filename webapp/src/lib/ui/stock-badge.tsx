import { useTranslation } from 'react-i18next';
import { stockLevel } from './stock-level';

/** "In stock", "Only 3 left" or "Out of stock" (quantity optional where it is not known). */
export function StockBadge({
  inStock,
  quantity,
  id,
}: {
  inStock: boolean;
  quantity?: number;
  /** For a container that names itself by the stock (aria-labelledby). */
  id?: string;
}) {
  const { t } = useTranslation();
  const level = stockLevel(inStock, quantity);
  switch (level.kind) {
    case 'in':
      return (
        <span className="badge badge--stock" id={id}>
          {t('product.inStock')}
        </span>
      );
    case 'few':
      return (
        <span className="badge badge--few" id={id}>
          {t('product.fewLeft', { count: level.left })}
        </span>
      );
    case 'out':
      return (
        <span className="badge badge--out" id={id}>
          {t('product.outOfStock')}
        </span>
      );
  }
}
