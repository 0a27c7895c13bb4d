import { describe, expect, it } from 'vitest';
import { outsideLinkKind } from './outside-link';
import { cssColorToHex } from './theme-colors';

describe('cssColorToHex', () => {
  it('turns computed colours into the #rrggbb Telegram accepts', () => {
    expect(cssColorToHex('rgb(18, 20, 23)')).toBe('#121417');
    expect(cssColorToHex('rgba(255, 255, 255, 1)')).toBe('#ffffff');
    expect(cssColorToHex('rgb(33 33 33 / 100%)')).toBe('#212121');
    expect(cssColorToHex('#ABCDEF')).toBe('#abcdef');
    expect(cssColorToHex('#fff')).toBe('#ffffff');
  });

  it('refuses see-through and unparsable colours rather than painting them', () => {
    expect(cssColorToHex('rgba(0, 0, 0, 0)')).toBeNull();
    expect(cssColorToHex('rgb(18 20 23 / 50%)')).toBeNull();
    expect(cssColorToHex('transparent')).toBeNull();
    expect(cssColorToHex('color(srgb 0.1 0.1 0.1)')).toBeNull();
  });
});

describe('outsideLinkKind', () => {
  it('tells web addresses, phone numbers and everything else apart', () => {
    expect(outsideLinkKind('https://yandex.uz/maps/?pt=69.2,41.2&z=16')).toBe('web');
    expect(outsideLinkKind('http://example.uz/')).toBe('web');
    expect(outsideLinkKind('tel:+998712004001')).toBe('tel');
    expect(outsideLinkKind('mailto:shop@example.uz')).toBe('other');
    expect(outsideLinkKind('/ru/markets')).toBe('other');
  });
});
