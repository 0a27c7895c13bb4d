/* global self, caches */
// Hand-written service worker of the standalone PWA (never registered inside Telegram).
// - navigations: network first, so a deploy shows at once; offline, the cached app shell;
// - /assets/*: cache first, as Vite gives every build its own hashed file names;
// - /api and /backend: never cached, never touched (prices, stock, carts must be live);
// - a new worker activates at once; the page reloads on the change of controller.

const SHELL_CACHE = 'uy-shell-v1';
const ASSET_CACHE = 'uy-assets-v1';
const SHELL_KEY = '/__app-shell';
const KEEP = [SHELL_CACHE, ASSET_CACHE];

async function cacheShell(response) {
  // Every route answers with the same index.html; only a real page is worth keeping.
  if (!response.ok || response.type !== 'basic') return;
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(SHELL_KEY, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(new Request('/uz', { cache: 'reload' }))
      .then(cacheShell)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => !KEEP.includes(key)).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirstNavigation(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await cacheShell(response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_KEY);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/backend/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
  }
});

self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') void self.skipWaiting();
});
