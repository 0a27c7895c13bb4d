import { buildPath } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../lib/i18n/use-language';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';

/** /checkout/payment: online card payment lands with the card flow; until then, say so plainly. */
export function PaymentPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('info.payment.title'));
  return (
    <div>
      <PageTitle>{t('info.payment.title')}</PageTitle>
      <p>{t('info.payment.text')}</p>
      <Link className="btn btn--primary" to={buildPath(lang, 'orders')}>
        {t('confirmed.myOrders')}
      </Link>
    </div>
  );
}
