import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Cart · Uy Shop": the tab title and what an installed PWA shows in the task switcher. */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
