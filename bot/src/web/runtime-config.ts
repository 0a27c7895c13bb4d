import { createHash } from 'node:crypto';
import { jsonForScript } from './html-escape';

/** What the webapp reads from `window.__SHOP_CONFIG__` (webapp/src/lib/config/shop-config.ts). */
export interface RuntimeConfig {
  yandexMapsApiKey?: string | undefined;
  buildPollIntervalMs?: number | undefined;
  orderLineQuantityLimit?: number | undefined;
  telegramBotUsername?: string | undefined;
  telegramMiniAppName?: string | undefined;
  /** Inside Telegram, sign-in offers "Share my Telegram number" (POST /tg/phone-sign-in). */
  telegramPhoneSignIn?: boolean | undefined;
  /** "Pay with Click" sends the shopper to Click's pay-by-link page with these. */
  clickPay?: PayLinks['clickPay'];
  /** "Pay with Payme" sends the shopper to Payme's checkout with these. */
  paymeCheckout?: PayLinks['paymeCheckout'];
  /** Inside Telegram, checkout offers Telegram's own payment sheet (POST /tg/payments/invoice). */
  telegramPayments?: boolean | undefined;
}

/** Where the app ways send the shopper to pay: public ids only, never a key. */
export interface PayLinks {
  clickPay?: { payUrl: string; serviceId: string; merchantId: string } | undefined;
  paymeCheckout?: { checkoutUrl: string; merchantId: string } | undefined;
}

/** A script the server writes into index.html, with the CSP source that allows exactly it. */
export interface InlineScript {
  html: string;
  /** `'sha256-…'` of the script text, for script-src. */
  cspSource: string;
}

/**
 * The server's settings the browser needs at run time, as one inline script; null when there is
 * nothing to say. A hash rather than a nonce: the text is the same on every page of this
 * process, so the policy can be computed once and a cached copy of the page stays valid.
 */
export function runtimeConfigScript(config: RuntimeConfig): InlineScript | null {
  const settings = Object.fromEntries(
    Object.entries(config).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(settings).length === 0) return null;
  return inlineScript(`window.__SHOP_CONFIG__=${jsonForScript(settings)}`);
}

/** `code` as a script element, with the CSP source that allows exactly that text. */
export function inlineScript(code: string): InlineScript {
  const hash = createHash('sha256').update(code, 'utf8').digest('base64');
  return { html: `<script>${code}</script>`, cspSource: `'sha256-${hash}'` };
}

/**
 * Marks `<html>` with `telegram-launch` before the first paint when the page was opened by
 * Telegram: the same test as the webapp's mayBeTelegramLaunch (lib/telegram/launch.ts), the
 * launch parameters in the address or in the SDK's saved copy. The server's outline of the page
 * draws the shop's own header, which Telegram's header replaces: the mark hides it there.
 *
 * It also binds the launch's theme colours as the `--tg-theme-*` variables on `<html>`, as the
 * SDK does once it has loaded (the page's tokens fall back to them, styles.css): a dark Telegram
 * shows a dark outline, not a white page. Only `#rrggbb` values of snake_case keys are taken.
 * It runs in `<head>`, before the body is parsed; blocked storage or bad JSON count as nothing.
 * Plain ES5 in one line: old Android web views run it too.
 */
const TELEGRAM_LAUNCH_MARK_CODE = [
  '(function(){',
  "var d=document.documentElement,s='',h=location.hash.slice(1),t=null;",
  "try{s=sessionStorage.getItem('tapps/launchParams')||''}catch(e){}",
  "if((location.href+' '+s).indexOf('tgWebApp')===-1)return;",
  "d.classList.add('telegram-launch');",
  'try{',
  "t=new URLSearchParams(h).get('tgWebAppThemeParams');",
  "if(!t&&s){var v=JSON.parse(s);if(typeof v==='string')t=new URLSearchParams(v).get('tgWebAppThemeParams')}",
  'if(!t)return;',
  'var p=JSON.parse(t);',
  "for(var k in p){if(/^[a-z_]{1,40}$/.test(k)&&typeof p[k]==='string'&&/^#[0-9a-fA-F]{6}$/.test(p[k]))",
  "d.style.setProperty('--tg-theme-'+k.replace(/_/g,'-'),p[k])}",
  '}catch(e){}',
  '})()',
].join('');

export const TELEGRAM_LAUNCH_MARK = inlineScript(TELEGRAM_LAUNCH_MARK_CODE);
