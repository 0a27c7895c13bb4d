import { useTranslation } from 'react-i18next';
import { MenuButton } from '../../lib/ui/menu-button';
import { AutoThemeIcon, MoonIcon, SunIcon } from '../../lib/ui/icons';
import { useResolvedTheme, useThemeStore } from './theme-context';
import { THEMES } from './theme-store';

/** "Theme": light, dark, default (Telegram's or the brand's light), auto (the system's). */
export function ThemeSwitch({ up = false }: { up?: boolean }) {
  const { t } = useTranslation();
  const store = useThemeStore();
  const { theme, appearance } = useResolvedTheme();
  const Icon = theme === 'auto' ? AutoThemeIcon : appearance === 'dark' ? MoonIcon : SunIcon;
  return (
    <span className={up ? 'menu--up' : undefined}>
      <MenuButton
        label={t('header.theme')}
        face={<Icon size={22} />}
        options={THEMES.map((value) => ({ value, label: t(`theme.${value}`) }))}
        value={theme}
        onSelect={(value) => {
          store.getState().setTheme(value);
        }}
      />
    </span>
  );
}
