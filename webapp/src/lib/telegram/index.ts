// The one door to the Telegram SDK (eslint forbids importing it anywhere else).
export {
  requestTelegramLocation,
  startTelegram,
  telegramAppRoot,
  telegramHaptic,
  telegramHapticSuccess,
  telegramOpenTelegramLink,
  telegramPaletteOfPage,
  telegramReady,
} from './telegram-loader';
export type { TelegramEnv, TelegramLocation, TelegramLocationFailure } from './telegram';
export {
  requestTelegramContact,
  requestTelegramWriteAccess,
  initDataAllowsWrite,
} from './telegram-access-loader';
export type { TelegramContactAnswer } from './telegram-access';
export { OutsideLink } from './outside-link-anchor';
export { outsideLinkKind, type OutsideLinkKind } from './outside-link';
export { cssColorToHex, type HexColor } from './theme-colors';
export { useTelegramChromeColors } from './use-telegram-chrome-colors';
export { TelegramProvider, useIsTelegram, useTelegramEnv } from './telegram-context';
export { useTelegramBackButton, useTelegramBackOverride } from './use-telegram-back-button';
export { useTelegramMainButton, type MainButtonOptions } from './use-telegram-main-button';
export { useTelegramIsDark } from './use-telegram-theme';
export {
  telegramSelectionHaptic,
  telegramShare,
  useTelegramClosingConfirmation,
  useTelegramVerticalSwipesOff,
} from './use-telegram-comforts';
