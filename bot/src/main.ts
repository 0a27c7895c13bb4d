// The one file with side effects: reads the environment, starts what is needed, listens.
import type { AddressInfo } from 'node:net';
import { startEmbeddedBackend, type EmbeddedBackend } from '@shop/backend';
import { prepareTelegram } from './bot/telegram';
import { ConfigError, loadConfig, type Config, type Upstreams } from './config';
import { buildServer } from './server';
import { createShutdown, exitOnSignals } from './shutdown';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();

  // No upstream URLs: run the reference backend in this process so the shop works offline.
  let upstreams: Upstreams;
  let backend: EmbeddedBackend | null = null;
  if (config.upstreams) {
    upstreams = config.upstreams;
  } else {
    backend = await startEmbeddedBackend({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      host: '127.0.0.1',
      logger: { level: config.logLevel },
      catalogCacheTtlMs: config.catalogCacheTtlMs,
      payme: config.payme,
      paymentHoldMinutes: config.paymentHoldMinutes,
    });
    upstreams = {
      ecommerceUrl: backend.url,
      catalogUrl: backend.url,
      catalogApiKey: backend.catalogApiKey,
    };
  }

  const app = await buildServer({
    webappDist: config.webappDist,
    upstreams,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    publicUrl: config.publicUrl,
    relayCache: { ttlMs: config.relayCacheTtlMs },
    yandexMapsApiKey: config.yandexMapsApiKey,
    log: { level: config.logLevel },
  });
  if (backend) {
    app.log.info(
      {
        dataDir: config.dataDir,
        // Where card payments go; the cashbox key is never logged.
        cardPayments: backend.paymentSandboxUrl === null ? 'payme' : 'payme-sandbox',
      },
      'Embedded reference backend started',
    );
  }

  const telegram = prepareTelegram({
    config: config.telegram,
    publicUrl: config.publicUrl,
    logger: app.log.child({ module: 'bot' }),
    app,
  });

  const shutdown = createShutdown({
    logger: app.log,
    steps: [
      { name: 'bot', run: () => telegram.stop() },
      { name: 'server', run: () => app.close() },
      { name: 'backend', run: () => backend?.close() ?? Promise.resolve() },
    ],
  });
  exitOnSignals(shutdown, app.log);

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // The port is taken, say: stop the backend too, or the process would linger half-started.
    await shutdown('listen failed');
    throw error;
  }
  await telegram.start();
  const address: AddressInfo | string | null = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  process.stdout.write(`Shop is running at http://${config.host}:${port}/\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The shop could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
