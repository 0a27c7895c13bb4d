// The shop's logo mark as the header outline draws it: the webapp's LogoMark (lib/ui/icons.tsx)
// in the same size and colours, so nothing moves when the app takes over.
export const LOGO_MARK =
  '<svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
  '<rect width="32" height="32" rx="9" fill="var(--app-accent)"/>' +
  '<path d="M8 15.5 16 9l8 6.5V23a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1Z" fill="var(--app-accent-contrast)"/>' +
  '</svg>';
