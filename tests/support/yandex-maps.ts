// A local stand-in for the Yandex Maps JS API 2.1 script, the one outside service the markets
// page loads. It implements the slice the app uses (ready, Map, Placemark, geoObjects, setBounds),
// draws each placemark's caption into the map element and records what the app asked for.
import type { Page } from '@playwright/test';

const STAND_IN = `(() => {
  const made = { maps: [], placemarks: [], bounds: null };
  window.__yandexStandIn = made;
  class Placemark {
    constructor(coordinates, properties) {
      this.coordinates = coordinates;
      this.properties = properties;
      made.placemarks.push({ coordinates, caption: properties.iconCaption });
    }
  }
  class Map {
    constructor(element, state) {
      made.maps.push({ center: state.center, zoom: state.zoom });
      const objects = [];
      const draw = () => {
        element.replaceChildren(...objects.map((object) => {
          const pin = document.createElement('span');
          pin.className = 'stand-in-placemark';
          pin.textContent = object.properties.iconCaption;
          return pin;
        }));
      };
      this.geoObjects = {
        add(object) { objects.push(object); draw(); },
        getBounds() {
          if (objects.length === 0) return null;
          const lats = objects.map((o) => o.coordinates[0]);
          const lngs = objects.map((o) => o.coordinates[1]);
          return [[Math.min(...lats), Math.min(...lngs)], [Math.max(...lats), Math.max(...lngs)]];
        },
      };
      this.destroy = () => element.replaceChildren();
    }
    setBounds(bounds) { made.bounds = bounds; }
  }
  window.ymaps = { ready: () => Promise.resolve(), Map, Placemark };
})();`;

export interface YandexStandIn {
  /** Every script URL the page asked Yandex for. */
  requested: URL[];
}

/** Answers the page's requests for the Yandex Maps script with the stand-in. */
export async function standInYandexMaps(page: Page): Promise<YandexStandIn> {
  const requested: URL[] = [];
  await page.route('https://api-maps.yandex.ru/**', (route) => {
    requested.push(new URL(route.request().url()));
    return route.fulfill({
      status: 200,
      contentType: 'application/javascript; charset=utf-8',
      body: STAND_IN,
    });
  });
  return { requested };
}

export interface StandInMapState {
  maps: { center: [number, number]; zoom: number }[];
  placemarks: { coordinates: [number, number]; caption: string }[];
  bounds: [[number, number], [number, number]] | null;
}

export async function standInMapState(page: Page): Promise<StandInMapState | null> {
  return page.evaluate(
    () => (window as unknown as { __yandexStandIn?: StandInMapState }).__yandexStandIn ?? null,
  );
}
