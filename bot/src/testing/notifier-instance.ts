// One notifier instance as its own process, for the durability test: the order-events route and
// the sender on a shared PostgreSQL database, so the test can SIGKILL it mid-work and start it
// again. Configured by the environment; prints `listening <url>` once it accepts deliveries.
import Fastify from 'fastify';
import { installErrorHandler } from '../errors';
import { createNotifier } from '../notifier/notifier';
import { registerOrderEvents } from '../notifier/order-events-route';
import { createNotifierApi } from '../notifier/sender';
import { openNotifierStore } from '../notifier/store';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const store = await openNotifierStore({ databaseUrl: required('DATABASE_URL') });
const secret = required('ORDER_EVENTS_SECRET');
const notifier = createNotifier({
  store,
  secret,
  api: createNotifierApi(required('BOT_TOKEN'), required('TELEGRAM_API_ROOT')),
  publicUrl: 'https://shop.example.uz',
  sender: {
    pollIntervalMs: 50,
    backoffMs: 100,
    maxBackoffMs: 1000,
    leaseMs: Number(required('NOTIFIER_LEASE_MS')),
  },
});
const app = Fastify({ logger: false });
installErrorHandler(app);
await registerOrderEvents(app, {
  store,
  secret,
  onStored: () => {
    notifier.wake();
  },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
notifier.start(quiet);
process.stdout.write(`listening http://127.0.0.1:${port}\n`);
