// A local stand-in for the Yandex Maps JS API 2.1 script, the one outside service the markets
// page and the checkout's courier point load. It implements the slice the app uses (ready, Map,
// Placemark, geoObjects, setBounds, click and dragend events), draws each placemark's caption
// into the map element, records what the app asked for, and lets a test tap the map
// (`__yandexStandIn.tap(lat, lng)`) as a shopper would.
import type { Page } from '@playwright/test';

const STAND_IN = `(() => {
  const clicks = [];
  const made = {
    maps: [],
    placemarks: [],
    bounds: null,
    tap(lat, lng) {
      for (const handler of clicks) handler({ get: () => [lat, lng] });
    },
  };
  window.__yandexStandIn = made;
  class Placemark {
    constructor(coordinates, properties, options) {
      this.coordinates = coordinates;
      this.properties = properties;
      const self = this;
      this.geometry = {
        getCoordinates: () => self.coordinates,
        setCoordinates(next) {
          self.coordinates = next;
          made.placemarks.push({ coordinates: next, caption: properties.iconCaption });
        },
      };
      this.events = { add() {} };
      made.placemarks.push({
        coordinates,
        caption: properties.iconCaption,
        draggable: Boolean(options && options.draggable),
      });
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
          pin.textContent = object.properties.iconCaption ?? object.properties.hintContent;
          return pin;
        }));
      };
      this.events = { add(type, handler) { if (type === 'click') clicks.push(handler); } };
      this.setCenter = () => {};
      this.geoObjects = {
        add(object) { objects.push(object); draw(); },
        remove(object) { objects.splice(objects.indexOf(object), 1); draw(); },
        getBounds() {
          if (objects.length === 0) return null;
          const lats = objects.map((o) => o.coordinates[0]);
          const lngs = objects.map((o) => o.coordinates[1]);
          return [[Math.min(...lats), Math.min(...lngs)], [Math.max(...lats), Math.max(...lngs)]];
        },
      };
      this.destroy = () => { element.replaceChildren(); clicks.length = 0; };
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
  placemarks: { coordinates: [number, number]; caption: string; draggable?: boolean }[];
  bounds: [[number, number], [number, number]] | null;
}

export async function standInMapState(page: Page): Promise<StandInMapState | null> {
  return page.evaluate(
    () => (window as unknown as { __yandexStandIn?: StandInMapState }).__yandexStandIn ?? null,
  );
}
