// Vitest global setup of the webapp's component tests: one real shop server (the relay in front of
// the embedded reference backend on PGlite, seeded with the demo catalogue) listening on loopback
// for the whole run. Screens rendered in jsdom call it over HTTP as they call the shop in a
// browser, so every answer they show is the backend's own.
import type { TestProject } from 'vitest/node';
import type {} from '../../../webapp/src/testing/provided-context';
import { startRelayStand } from './relay-stand';

export default async function startComponentShop(
  project: TestProject,
): Promise<() => Promise<void>> {
  const stand = await startRelayStand({ upstreamTimeoutMs: 10_000, logLevel: 'warn' });
  const url = await stand.app.listen({ host: '127.0.0.1', port: 0 });
  project.provide('shopUrl', url);
  project.provide('shopDataDir', stand.dataDir);
  return () => stand.close();
}
