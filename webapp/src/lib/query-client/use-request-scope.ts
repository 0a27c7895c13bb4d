import type { Language } from '@shop/shared';
import { useLanguage } from '../i18n/use-language';
import { useAuth } from '../services/services-context';

/**
 * What catalogue answers depend on besides their own arguments: the language header and the
 * account-type header (categories differ per account type). Every catalogue query key
 * includes it, so switching either refetches instead of showing the other variant.
 */
export interface RequestScope {
  language: Language;
  accountType: string;
}

export function useRequestScope(): RequestScope {
  const language = useLanguage();
  const accountType = useAuth((state) => state.userType);
  return { language, accountType };
}
