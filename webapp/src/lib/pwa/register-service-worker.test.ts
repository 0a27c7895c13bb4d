import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

/** The browser's ServiceWorkerContainer, as far as registerServiceWorker uses it. */
function fakeContainer(controller: object | null, register: () => Promise<unknown>) {
  return Object.assign(new EventTarget(), { controller, register: vi.fn(register) });
}

function setUp(
  controller: object | null,
  register = () => Promise.resolve({ update: vi.fn() }),
  midCheckout = false,
) {
  const container = fakeContainer(controller, register);
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  const deps = {
    reload: vi.fn(),
    onFailure: vi.fn(),
    mayReload: () => !midCheckout,
    offerReload: vi.fn(),
  };
  registerServiceWorker(deps);
  const swap = () => container.dispatchEvent(new Event('controllerchange'));
  return { container, deps, swap };
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('registers /sw.js for the whole site', () => {
    const { container } = setUp(null);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does not reload when the first worker takes control of a page that had none', () => {
    const { deps, swap } = setUp(null);
    swap();
    expect(deps.reload).not.toHaveBeenCalled();
    // A later swap is a new build under a page that now has one: that reloads.
    swap();
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once when another worker takes control, however many changes follow', () => {
    const { deps, swap } = setUp({ scriptURL: '/sw.js' });
    swap();
    swap();
    swap();
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('asks instead of reloading a shopper in the middle of checking out, once', () => {
    const { deps, swap } = setUp({ scriptURL: '/sw.js' }, undefined, true);
    swap();
    swap();
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.offerReload).toHaveBeenCalledTimes(1);
  });

  it('reports a failed registration', async () => {
    const failure = new Error('denied');
    const { deps } = setUp(null, () => Promise.reject(failure));
    await vi.waitFor(() => {
      expect(deps.onFailure).toHaveBeenCalledWith(failure);
    });
    expect(deps.reload).not.toHaveBeenCalled();
  });
});
