import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { captureLogs } from '../testing/log-capture';
import { makeFakeDist } from '../testing/temp-dist';
import { closedPortUrl } from '../testing/upstream-stand-ins';
import { runtimeConfigScript, TELEGRAM_LAUNCH_MARK } from './runtime-config';

/** The server's settings for the browser (window.__SHOP_CONFIG__) and the CSP that admits them. */

const MAPS_KEY = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const YANDEX = ['https://api-maps.yandex.ru', 'https://*.maps.yandex.net', 'https://yandex.ru'];

let dist: Awaited<ReturnType<typeof makeFakeDist>>;
let withKey: FastifyInstance;
let withoutKey: FastifyInstance;

async function server(yandexMapsApiKey?: string): Promise<FastifyInstance> {
  // Pages only: a closed port makes any backend call fail at once.
  const nowhere = await closedPortUrl();
  return buildServer({
    webappDist: dist.dir,
    upstreams: { ecommerceUrl: nowhere, catalogUrl: nowhere, catalogApiKey: 'never-used-key' },
    upstreamTimeoutMs: 1000,
    ...(yandexMapsApiKey === undefined ? {} : { yandexMapsApiKey }),
    log: { level: 'error', stream: captureLogs().stream },
  });
}

/** `script-src 'self' x` → { 'script-src': ["'self'", 'x'] } */
function directives(policy: string | string[] | number | undefined): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const part of String(policy).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) found[name] = sources;
  }
  return found;
}

const CONFIG_SCRIPT = /<script>(window\.__SHOP_CONFIG__=[^<]*)<\/script>/g;

beforeAll(async () => {
  dist = await makeFakeDist();
  withKey = await server(MAPS_KEY);
  withoutKey = await server();
});

afterAll(async () => {
  await withKey.close();
  await withoutKey.close();
  await dist.remove();
});

describe('runtime config for the webapp', () => {
  it('puts the Maps key into every page, in a script the CSP allows by its hash', async () => {
    for (const url of ['/ru/markets', '/uz', '/en/nowhere']) {
      const res = await withKey.inject({ url });
      const scripts = [...res.body.matchAll(CONFIG_SCRIPT)];
      expect(scripts, url).toHaveLength(1);
      const code = scripts[0]?.[1] ?? '';
      expect(code).toBe(`window.__SHOP_CONFIG__={"yandexMapsApiKey":"${MAPS_KEY}"}`);
      // Before </head>, so it has run before the app's deferred module starts.
      expect(res.body.indexOf(code), url).toBeLessThan(res.body.indexOf('</head>'));

      const csp = directives(res.headers['content-security-policy']);
      const hash = createHash('sha256').update(code).digest('base64');
      expect(csp['script-src'], url).toContain(`'sha256-${hash}'`);
      expect(csp['script-src'], url).not.toContain("'unsafe-inline'");
    }
  });

  it('opens the CSP to what Yandex Maps 2.1 loads only when there is a key', async () => {
    const csp = directives(
      (await withKey.inject({ url: '/ru/markets' })).headers['content-security-policy'],
    );
    for (const directive of ['script-src', 'img-src', 'connect-src']) {
      for (const host of YANDEX) expect(csp[directive], directive).toContain(host);
    }
    expect(csp['script-src']).toContain('https://yastatic.net');
    expect(csp['frame-src']).toEqual(["'self'", 'https://api-maps.yandex.ru']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']?.[0]).toBe("'self'");

    const plain = await withoutKey.inject({ url: '/ru/markets' });
    expect(plain.body).not.toContain('__SHOP_CONFIG__');
    const policy = String(plain.headers['content-security-policy']);
    expect(policy).not.toContain('yandex');
    expect(policy).not.toContain('unsafe-eval');
    // Only the Telegram launch mark, which every page carries, besides the app's own files.
    expect(directives(policy)['script-src']).toEqual(["'self'", TELEGRAM_LAUNCH_MARK.cspSource]);
    expect(directives(policy)['frame-src']).toBeUndefined();
  });

  it('tells pages how often to look for a newer build, when set', async () => {
    const nowhere = await closedPortUrl();
    const app = await buildServer({
      webappDist: dist.dir,
      upstreams: { ecommerceUrl: nowhere, catalogUrl: nowhere, catalogApiKey: 'never-used-key' },
      upstreamTimeoutMs: 1000,
      buildPollIntervalMs: 5000,
      log: { level: 'error', stream: captureLogs().stream },
    });
    try {
      const res = await app.inject({ url: '/uz' });
      const [script] = [...res.body.matchAll(CONFIG_SCRIPT)];
      const code = script?.[1] ?? '';
      expect(JSON.parse(code.replace('window.__SHOP_CONFIG__=', ''))).toEqual({
        buildPollIntervalMs: 5000,
      });
      const hash = createHash('sha256').update(code).digest('base64');
      expect(directives(res.headers['content-security-policy'])['script-src']).toContain(
        `'sha256-${hash}'`,
      );
    } finally {
      await app.close();
    }
  });

  it('tells pages the most of one item an order line may carry, as the server has it', async () => {
    const nowhere = await closedPortUrl();
    const app = await buildServer({
      webappDist: dist.dir,
      upstreams: { ecommerceUrl: nowhere, catalogUrl: nowhere, catalogApiKey: 'never-used-key' },
      upstreamTimeoutMs: 1000,
      orderLineQuantityLimit: 7,
      log: { level: 'error', stream: captureLogs().stream },
    });
    try {
      const res = await app.inject({ url: '/en/cart' });
      const [script] = [...res.body.matchAll(CONFIG_SCRIPT)];
      const code = script?.[1] ?? '';
      expect(JSON.parse(code.replace('window.__SHOP_CONFIG__=', ''))).toEqual({
        orderLineQuantityLimit: 7,
      });
    } finally {
      await app.close();
    }
  });

  it('writes the config as JSON that cannot end its script element', () => {
    const hostile = '</script><script>alert(1)</script>\u2028<!--';
    const script = runtimeConfigScript({ yandexMapsApiKey: hostile });
    if (script === null) throw new Error('expected a script');
    const inner = script.html.slice('<script>'.length, -'</script>'.length);
    expect(inner).not.toMatch(/<\/script|<!--|\u2028/i);
    const json = inner.replace('window.__SHOP_CONFIG__=', '');
    expect(JSON.parse(json)).toEqual({ yandexMapsApiKey: hostile });
    expect(script.cspSource).toBe(
      `'sha256-${createHash('sha256').update(inner).digest('base64')}'`,
    );
    expect(runtimeConfigScript({})).toBeNull();
  });
});

describe('the Telegram launch mark', () => {
  /**
   * Runs the mark's code against a page at `href` whose SDK kept `stored` (a throw: blocked):
   * the classes it adds to `<html>` and the style properties it sets there.
   */
  function markPage(href: string, stored: string | null | Error) {
    const classes: string[] = [];
    const style: Record<string, string> = {};
    const code = TELEGRAM_LAUNCH_MARK.html.slice('<script>'.length, -'</script>'.length);
    const url = new URL(href);
    runInNewContext(code, {
      URLSearchParams,
      location: { href, hash: url.hash },
      sessionStorage: {
        getItem: (key: string) => {
          if (stored instanceof Error) throw stored;
          return key === 'tapps/launchParams' ? stored : null;
        },
      },
      document: {
        documentElement: {
          classList: { add: (name: string) => classes.push(name) },
          style: {
            setProperty: (name: string, value: string) => {
              style[name] = value;
            },
          },
        },
      },
    });
    return { classes, style };
  }
  const classesAfterMark = (href: string, stored: string | null | Error) =>
    markPage(href, stored).classes;

  it("marks a page Telegram opened, by the address or the SDK's saved launch parameters", () => {
    expect(classesAfterMark('https://shop.uz/uz#tgWebAppData=a&tgWebAppVersion=8.0', null)).toEqual(
      ['telegram-launch'],
    );
    expect(
      classesAfterMark('https://shop.uz/ru/cart', 'tgWebAppPlatform=ios&tgWebAppData=x'),
    ).toEqual(['telegram-launch']);
    expect(classesAfterMark('https://shop.uz/ru/cart', null)).toEqual([]);
    expect(classesAfterMark('https://shop.uz/en', new Error('SecurityError'))).toEqual([]);
  });

  it("binds the launch's theme colours as Telegram's variables, only well-formed ones", () => {
    const theme = {
      bg_color: '#212121',
      text_color: '#ffffff',
      secondary_bg_color: '#181818',
      button_color: 'red;background:url(x)',
      'bad key': '#000000',
      link_color: 12,
    };
    const launch = `tgWebAppPlatform=tdesktop&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}`;
    const expected = {
      '--tg-theme-bg-color': '#212121',
      '--tg-theme-text-color': '#ffffff',
      '--tg-theme-secondary-bg-color': '#181818',
    };
    expect(markPage(`https://shop.uz/ru#${launch}`, null).style).toEqual(expected);
    // A reload: the hash is gone, the SDK's saved copy (a JSON string) still has them.
    expect(markPage('https://shop.uz/ru/cart', JSON.stringify(launch)).style).toEqual(expected);
    // Bad JSON, or no theme at all: the mark alone.
    const broken = markPage('https://shop.uz/ru#tgWebAppThemeParams=%7Bnot-json', null);
    expect(broken).toEqual({ classes: ['telegram-launch'], style: {} });
    expect(markPage('https://shop.uz/ru', JSON.stringify({ x: 1 }) + 'tgWebApp').style).toEqual({});
  });

  it('is in every page before </head>, allowed by its hash', async () => {
    for (const app of [withKey, withoutKey]) {
      for (const url of ['/uz', '/ru/products/mug', '/en/nowhere']) {
        const res = await app.inject({ url });
        const at = res.body.indexOf(TELEGRAM_LAUNCH_MARK.html);
        expect(at, url).toBeGreaterThan(-1);
        expect(at, url).toBeLessThan(res.body.indexOf('</head>'));
        expect(directives(res.headers['content-security-policy'])['script-src'], url).toContain(
          TELEGRAM_LAUNCH_MARK.cspSource,
        );
      }
    }
  });
});
