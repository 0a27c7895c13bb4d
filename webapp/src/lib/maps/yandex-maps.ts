// The slice of the Yandex Maps JS API 2.1 the shop uses: the markets page's shops, and the pin a
// shopper drops for the courier at checkout. The script is loaded on demand, only where a map is
// shown and only when the server configured a key.

export type LatLng = [number, number];

export interface YandexPlacemarkProperties {
  iconCaption?: string;
  hintContent?: string;
  balloonContentHeader?: string;
  balloonContentBody?: string;
}

/** A map event; a click carries the point clicked. */
export interface YandexMapEvent {
  get(name: 'coords'): LatLng;
}

export interface YandexPlacemark {
  geometry: { getCoordinates(): LatLng; setCoordinates(coordinates: LatLng): void };
  events: { add(type: 'dragend', handler: () => void): void };
}

export interface YandexMap {
  geoObjects: {
    add(object: unknown): void;
    remove(object: unknown): void;
    getBounds(): [LatLng, LatLng] | null;
  };
  events: { add(type: 'click', handler: (event: YandexMapEvent) => void): void };
  setCenter(center: LatLng, zoom?: number): void;
  setBounds(
    bounds: [LatLng, LatLng],
    options?: { checkZoomRange?: boolean; zoomMargin?: number },
  ): void;
  destroy(): void;
}

export interface YandexMapsApi {
  ready(): Promise<void>;
  Map: new (
    element: HTMLElement,
    state: { center: LatLng; zoom: number; controls?: string[] },
    options?: { suppressMapOpenBlock?: boolean },
  ) => YandexMap;
  Placemark: new (
    coordinates: LatLng,
    properties: YandexPlacemarkProperties,
    options?: { preset?: string; draggable?: boolean },
  ) => YandexPlacemark;
}

declare global {
  interface Window {
    ymaps?: YandexMapsApi;
  }
}

const SCRIPT_TIMEOUT_MS = 12_000;
let loading: Promise<YandexMapsApi> | null = null;

/** The script address: the map's interface is in Russian whatever the shop's language. */
export function yandexMapsScriptUrl(apiKey: string): string {
  return `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU`;
}

/**
 * Adds the Yandex Maps script once and resolves when its API is ready. Fails on a load error
 * (offline, blocked) or when nothing arrives in time; a later visit may try again.
 */
export function loadYandexMaps(apiKey: string): Promise<YandexMapsApi> {
  loading ??= new Promise<YandexMapsApi>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => {
      fail('Yandex Maps did not load in time');
    }, SCRIPT_TIMEOUT_MS);
    script.src = yandexMapsScriptUrl(apiKey);
    script.async = true;
    script.onerror = () => {
      fail('Yandex Maps script failed to load');
    };
    script.onload = () => {
      const api = window.ymaps;
      if (!api) {
        fail('Yandex Maps script has no API');
        return;
      }
      api.ready().then(
        () => {
          clearTimeout(timer);
          resolve(api);
        },
        () => {
          fail('Yandex Maps did not start');
        },
      );
    };
    document.head.append(script);
  });
  return loading;
}

/** Balloon and caption texts are HTML to the API: shop names must not become markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
