import { describe, expect, it } from 'vitest';
import { fetchDeployedBuild, watchForNewBuild } from './new-build';

/** A page's window and document, and a timer the test fires by hand. */
function page(deployedAnswers: (string | null)[]) {
  const focus = new EventTarget();
  const visibility = Object.assign(new EventTarget(), { visibilityState: 'visible' as const });
  const asked: string[] = [];
  let tick: (() => void) | null = null;
  let timerCancelled = false;
  const told: string[] = [];
  const stop = watchForNewBuild({
    running: 'build-1',
    deployed: () => {
      const answer = deployedAnswers.shift() ?? null;
      asked.push(String(answer));
      return Promise.resolve(answer);
    },
    onNewBuild: (id) => told.push(id),
    every: (_ms, check) => {
      tick = check;
      return () => {
        timerCancelled = true;
      };
    },
    intervalMs: 600_000,
    focusSource: focus,
    visibilitySource: visibility,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    focus: async () => {
      focus.dispatchEvent(new Event('focus'));
      await settle();
    },
    shown: async () => {
      visibility.dispatchEvent(new Event('visibilitychange'));
      await settle();
    },
    tick: async () => {
      tick?.();
      await settle();
    },
    asked,
    told,
    timerCancelled: () => timerCancelled,
    stop,
  };
}

describe('watchForNewBuild', () => {
  it('tells once, when the deployed build differs from the running one, and then stops', async () => {
    const p = page(['build-1', null, 'build-2', 'build-3']);
    await p.tick();
    await p.focus();
    expect(p.told).toEqual([]);
    await p.shown();
    expect(p.told).toEqual(['build-2']);
    expect(p.timerCancelled()).toBe(true);
    await p.focus();
    await p.tick();
    expect(p.asked).toEqual(['build-1', 'null', 'build-2']);
  });

  it('asks on focus, on the tab shown again and on the timer; an unreadable answer is no news', async () => {
    const p = page([null, null, null]);
    await p.focus();
    await p.shown();
    await p.tick();
    expect(p.asked).toHaveLength(3);
    expect(p.told).toEqual([]);
  });

  it('asks nothing more once stopped', async () => {
    const p = page(['build-2']);
    p.stop();
    await p.focus();
    await p.tick();
    expect(p.asked).toEqual([]);
    expect(p.timerCancelled()).toBe(true);
  });
});

describe('fetchDeployedBuild', () => {
  const answering =
    (response: Response | Error): typeof fetch =>
    () =>
      response instanceof Error ? Promise.reject(response) : Promise.resolve(response);

  it('reads the id, never from a cache', async () => {
    let init: RequestInit | undefined;
    const fetchFn = ((_url: string, options?: RequestInit) => {
      init = options;
      return Promise.resolve(Response.json({ build: 'build-9' }));
    }) as unknown as typeof fetch;
    expect(await fetchDeployedBuild(fetchFn)).toBe('build-9');
    expect(init?.cache).toBe('no-store');
  });

  it.each([
    ['offline', new TypeError('Failed to fetch')],
    ['a 404', new Response('missing', { status: 404 })],
    ['not JSON', new Response('<html>')],
    ['another shape', Response.json({ version: 2 })],
    ['an empty id', Response.json({ build: '' })],
  ])('answers null for %s', async (_what, answer) => {
    expect(await fetchDeployedBuild(answering(answer))).toBeNull();
  });
});
