import { describe, expect, it } from 'vitest';
import { createShutdown } from './shutdown';
import { captureLogs } from './testing/log-capture';
import { buildServer } from './server';
import { makeFakeDist } from './testing/temp-dist';

describe('shutdown', () => {
  it('runs every step once, in order, past one that fails or hangs', async () => {
    const logs = captureLogs();
    const dist = await makeFakeDist();
    const app = await buildServer({
      webappDist: dist.dir,
      upstreams: {
        ecommerceUrl: 'http://127.0.0.1:9',
        catalogUrl: 'http://127.0.0.1:9',
        catalogApiKey: 'k-unused-1',
      },
      upstreamTimeoutMs: 1000,
      log: { stream: logs.stream },
    });
    const ran: string[] = [];
    const shutdown = createShutdown({
      logger: app.log,
      // Long enough for a step that finishes on a loaded machine; the hanging one waits it out.
      stepTimeoutMs: 1000,
      steps: [
        {
          name: 'bot',
          run: () => Promise.reject(new Error('Telegram said no')).finally(() => ran.push('bot')),
        },
        { name: 'hangs', run: () => new Promise<void>(() => ran.push('hangs')) },
        {
          name: 'server',
          run: async () => {
            ran.push('server');
            await app.close();
          },
        },
        {
          name: 'backend',
          run: async () => {
            ran.push('backend');
            await dist.remove();
          },
        },
      ],
    });
    await Promise.all([shutdown('SIGINT'), shutdown('SIGTERM')]);
    expect(ran).toEqual(['bot', 'hangs', 'server', 'backend']);
    expect(logs.messages('Shutdown step failed').map((entry) => entry.step)).toEqual([
      'bot',
      'hangs',
    ]);
  });
});
