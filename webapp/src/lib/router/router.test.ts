import { describe, expect, it } from 'vitest';
import { resolvePath, splitPath, type BrowserHistory, type Location } from './history';
import { Router, type Outcome } from './router';

/** The browser's session history, in memory: the one part of the browser the router uses. */
function memoryHistory(start: string) {
  const entries: Location[] = [{ ...splitPath(start), state: null, key: 'default' }];
  let index = 0;
  let onPop: (() => void) | null = null;
  let keys = 0;
  const history: BrowserHistory = {
    location: () => {
      const entry = entries[index];
      if (!entry) throw new Error(`no entry ${index}`);
      return entry;
    },
    index: () => index,
    push(path, state) {
      entries.splice(index + 1, entries.length, { ...splitPath(path), state, key: `k${++keys}` });
      index += 1;
    },
    replace(path, state) {
      entries[index] = { ...splitPath(path), state, key: `k${++keys}` };
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      onPop?.();
    },
    listen(listener) {
      onPop = listener;
      return () => {
        onPop = null;
      };
    },
  };
  const paths = () => entries.map((entry) => entry.pathname + entry.search + entry.hash);
  return { history, paths, at: () => index };
}

/** A resolve whose answers the test releases one by one. */
function deferredResolve() {
  const waiting = new Map<string, (outcome: Outcome) => void>();
  const resolve = (location: Location) =>
    new Promise<Outcome>((settle) => {
      waiting.set(location.pathname, settle);
    });
  const release = async (pathname: string, outcome: Outcome = { element: pathname }) => {
    const settle = waiting.get(pathname);
    if (!settle) throw new Error(`nothing waits for ${pathname}`);
    waiting.delete(pathname);
    settle(outcome);
    await new Promise((done) => setTimeout(done, 0));
  };
  return { resolve, release };
}

/** A router started on /en, whose next pages resolve when the test releases them. */
async function startedOnHome() {
  const { history, paths } = memoryHistory('/en');
  const pages = deferredResolve();
  const router = new Router(history, pages.resolve);
  router.start();
  await pages.release('/en');
  return { router, pages, paths };
}

describe('Router', () => {
  it('keeps the page and the address until the next page is resolved', async () => {
    const { router, pages, paths } = await startedOnHome();
    expect(router.state.element).toBe('/en');

    const done = router.navigate('/en/cart');
    expect(router.isNavigating()).toBe(true);
    expect(router.state.location.pathname).toBe('/en');
    expect(paths()).toEqual(['/en']);

    await pages.release('/en/cart');
    await done;
    expect(router.isNavigating()).toBe(false);
    expect(router.state).toMatchObject({ element: '/en/cart', action: 'push' });
    expect(paths()).toEqual(['/en', '/en/cart']);
  });

  it('commits only the newest navigation when an earlier one resolves later', async () => {
    const { router, pages, paths } = await startedOnHome();

    void router.navigate('/en/catalog');
    void router.navigate('/en/cart');
    await pages.release('/en/cart');
    await pages.release('/en/catalog');
    expect(router.state.location.pathname).toBe('/en/cart');
    expect(paths()).toEqual(['/en', '/en/cart']);
  });

  it('puts a redirect in place of the path asked for, and hands over state only on a push', async () => {
    const { history, paths } = memoryHistory('/');
    const router = new Router(history, (location) =>
      location.pathname === '/' || location.pathname === '/old'
        ? { redirect: `/uz${location.pathname === '/' ? '' : '/new'}?a=1` }
        : { element: location.pathname + location.search },
    );
    router.start();
    expect(paths()).toEqual(['/uz?a=1']);
    expect(router.state).toMatchObject({ resolved: true, element: '/uz?a=1' });

    await router.navigate('/en/cart', { state: { from: 'test' } });
    expect(router.state.location.state).toEqual({ from: 'test' });
    await router.navigate('/old');
    expect(paths()).toEqual(['/uz?a=1', '/en/cart', '/uz/new?a=1']);
  });

  it('gives up on a redirect loop instead of spinning', async () => {
    const { history } = memoryHistory('/en');
    const router = new Router(history, (location) => ({
      redirect: location.pathname === '/a' ? '/b' : '/a',
    }));
    await expect(router.navigate('/a')).rejects.toThrow(/redirect loop/);
    expect(router.isNavigating()).toBe(false);
  });

  it('follows Back to the entry before, resolving it like any other', async () => {
    const { history, at } = memoryHistory('/en');
    const router = new Router(history, (location) => ({ element: location.pathname }));
    router.start();
    await router.navigate('/en/cart', { replace: false });
    await router.navigate('/en/cart?x=1', { replace: true, preventScrollReset: true });
    expect(router.state).toMatchObject({ action: 'replace', preventScrollReset: true });
    expect(at()).toBe(1);

    await router.navigate(-1);
    await new Promise((done) => setTimeout(done, 0));
    expect(router.state).toMatchObject({ action: 'pop', element: '/en' });
    expect(router.state.location.key).toBe('default');
  });

  it('tells its subscribers of each commit, and no longer after they leave', async () => {
    const { history } = memoryHistory('/en');
    const router = new Router(history, (location) => ({ element: location.pathname }));
    const seen: string[] = [];
    const leave = router.subscribe(() => seen.push(router.state.location.pathname));
    router.start();
    await router.navigate('/en/cart');
    leave();
    await router.navigate('/en/catalog');
    expect(seen).toEqual(['/en', '/en/cart']);
  });
});

describe('resolvePath', () => {
  const from = { pathname: '/en/products', search: '?sort=new' };
  it.each([
    ['/ru/cart', '/ru/cart'],
    ['?page=2', '/en/products?page=2'],
    ['#reviews', '/en/products?sort=new#reviews'],
    ['chairs', '/en/chairs'],
    ['/en/products/stul-1?x=1#a', '/en/products/stul-1?x=1#a'],
    // Another origin is not a path of this app: only its path is kept.
    ['https://evil.example/en/cart', '/en/cart'],
  ])('%s → %s', (to, expected) => {
    expect(resolvePath(to, from)).toBe(expected);
  });
});
