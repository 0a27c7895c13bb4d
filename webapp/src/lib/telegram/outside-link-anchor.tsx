import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { outsideLinkKind } from './outside-link';
import { telegramOpenLink } from './telegram-loader';
import { useIsTelegram } from './telegram-context';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'>;

/**
 * A link that leaves the app (a shop on the map, a phone number, an outside page).
 *
 * In a browser it is a plain link; web addresses open in a new tab (unless `newTab` is false) without handing this page
 * to the other site (noopener).
 *
 * Inside Telegram, a web address goes through the SDK's openLink: a plain link there either
 * replaces the Mini App inside its webview or does nothing. A tel: link does not: Telegram's own
 * telegram-web-app.js refuses openLink for anything but http(s) ("Url protocol is not
 * supported"), and shoppers report plain tel: links doing nothing in the Android, iOS and
 * desktop clients while window.open(tel:…, '_blank') reaches the dialler
 * (github.com/Telegram-Mini-Apps/tma.js/issues/677). So tel: goes through window.open there.
 */
export function OutsideLink({
  href,
  newTab = true,
  onClick,
  ...rest
}: AnchorProps & {
  href: string;
  /** Outside Telegram, open a web address in a new tab (default) or in this one. */
  newTab?: boolean;
}) {
  const isTelegram = useIsTelegram();
  const kind = outsideLinkKind(href);
  const tab =
    kind === 'web'
      ? newTab
        ? { target: '_blank', rel: 'noopener noreferrer' }
        : { rel: 'noopener' }
      : {};

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isTelegram) return;
    if (kind === 'web' && telegramOpenLink(href)) {
      event.preventDefault();
    } else if (kind === 'tel') {
      event.preventDefault();
      window.open(href, '_blank');
    }
  }

  return <a {...rest} {...tab} href={href} onClick={handleClick} />;
}
