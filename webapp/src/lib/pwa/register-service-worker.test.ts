// Runs the real workbox-window against a stand-in for the browser's ServiceWorkerContainer: the
// events a worker swap fires, in the order browsers fire them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './register-service-worker';

const ORIGIN = 'https://shop.test';

function fakeWorker(): EventTarget & { scriptURL: string } {
  return Object.assign(new EventTarget(), { scriptURL: `${ORIGIN}${SERVICE_WORKER_URL}` });
}

type FakeWorker = ReturnType<typeof fakeWorker>;

function setUp({
  controller = null,
  register,
  midCheckout = false,
}: {
  controller?: FakeWorker | null;
  register?: () => Promise<unknown>;
  midCheckout?: boolean;
} = {}) {
  const registration = Object.assign(new EventTarget(), {
    installing: null as FakeWorker | null,
    waiting: null,
    update: vi.fn(() => Promise.resolve()),
  });
  const container = Object.assign(new EventTarget(), {
    controller,
    register: vi.fn(register ?? (() => Promise.resolve(registration))),
  });
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('location', { href: `${ORIGIN}/uz` });
  vi.stubGlobal('document', Object.assign(new EventTarget(), { readyState: 'complete' }));
  const deps = {
    reload: vi.fn(),
    onFailure: vi.fn(),
    mayReload: () => !midCheckout,
    offerReload: vi.fn(),
  };
  registerServiceWorker(deps);
  // Workbox listens for swaps once its register() has settled: a macrotask later.
  const registered = vi
    .waitFor(() => {
      expect(container.register).toHaveBeenCalled();
    })
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return {
    container,
    deps,
    /** Workbox has registered and listens for swaps. */
    ready: () => registered,
    /** This page's registration found a new worker installing. */
    found: async (worker: FakeWorker) => {
      await registered;
      registration.installing = worker;
      registration.dispatchEvent(new Event('updatefound'));
    },
    /** `worker` took control of the page. */
    takesControl: (worker: FakeWorker) => {
      container.controller = worker;
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('registers /sw.js for the whole site', async () => {
    const { container } = setUp();
    await vi.waitFor(() => {
      expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    });
  });

  it('does not reload when the first worker takes control of a page that had none', async () => {
    const { deps, found, takesControl } = setUp();
    const first = fakeWorker();
    await found(first);
    takesControl(first);
    expect(deps.reload).not.toHaveBeenCalled();
    // A later worker is a new build under a page that now has one: that reloads.
    const second = fakeWorker();
    await found(second);
    takesControl(second);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload a page that had none when the worker an earlier page installed takes control', async () => {
    // The first load registered the worker; this page loaded while it was still installing, so
    // to this page's Workbox it is another's (isExternal), yet it replaces nothing.
    const { deps, ready, takesControl } = setUp();
    await ready();
    takesControl(fakeWorker());
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.offerReload).not.toHaveBeenCalled();
    // The next one does replace it: that reloads.
    takesControl(fakeWorker());
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once when an update takes control, however many changes follow', async () => {
    const { deps, found, takesControl } = setUp({ controller: fakeWorker() });
    const update = fakeWorker();
    await found(update);
    takesControl(update);
    takesControl(fakeWorker());
    takesControl(fakeWorker());
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once when a worker another tab activated takes control', async () => {
    const { deps, ready, takesControl } = setUp({ controller: fakeWorker() });
    // Registered, with nothing new found by this page.
    await ready();
    const external = fakeWorker();
    takesControl(external);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('asks instead of reloading a shopper in the middle of checking out, once', async () => {
    const { deps, found, takesControl } = setUp({ controller: fakeWorker(), midCheckout: true });
    const update = fakeWorker();
    await found(update);
    takesControl(update);
    takesControl(fakeWorker());
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.offerReload).toHaveBeenCalledTimes(1);
  });

  it('reports a failed registration', async () => {
    const failure = new Error('denied');
    const { deps } = setUp({ register: () => Promise.reject(failure) });
    await vi.waitFor(() => {
      expect(deps.onFailure).toHaveBeenCalledWith(failure);
    });
    expect(deps.reload).not.toHaveBeenCalled();
  });
});
