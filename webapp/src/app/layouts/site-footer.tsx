import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoLinks } from '../../lib/ui/info-links';
import { InstallEntry } from './install-entry';
import './layout.css';

/** Info links; inside Telegram, where there is no header, also the language and theme switches. */
export function SiteFooter({ switches }: { switches?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      {switches && <div className="site-footer__switches">{switches}</div>}
      <InfoLinks variant="footer" />
      <InstallEntry />
      <p className="site-footer__brand">
        © {t('common.appName')} · {t('common.tagline')}
      </p>
    </footer>
  );
}
