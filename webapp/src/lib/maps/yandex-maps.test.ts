import { describe, expect, it } from 'vitest';
import { escapeHtml, yandexMapsScriptUrl } from './yandex-maps';

describe('Yandex Maps helpers', () => {
  it('asks for the Russian interface with the key encoded', () => {
    expect(yandexMapsScriptUrl('0a1b-2c3d')).toBe(
      'https://api-maps.yandex.ru/2.1/?apikey=0a1b-2c3d&lang=ru_RU',
    );
    expect(yandexMapsScriptUrl('a&b=c')).toContain('apikey=a%26b%3Dc&');
  });

  it('keeps shop texts as text in balloons', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')"> & co`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; co',
    );
  });
});
