// Said once at start: with an http PUBLIC_URL the bot's buttons are plain links, not the Mini App,
// which an operator trying the bot locally would otherwise take for a fault.

/** The warning to log at start, or null when there is nothing to warn about. */
export function plainLinkWarning(publicUrl: string, botEnabled: boolean): string | null {
  if (!botEnabled || publicUrl.startsWith('https://')) return null;
  return (
    `PUBLIC_URL ${publicUrl} is not https: Telegram opens Mini App (web_app) buttons only over ` +
    'https, so the bot sends plain link buttons, which open the shop in a browser. Serve the ' +
    'shop on https and set PUBLIC_URL to it for the Mini App.'
  );
}
