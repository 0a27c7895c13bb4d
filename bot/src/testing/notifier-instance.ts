// One notifier instance as its own process, for the durability test: the order-events route and
// the sender on a shared PostgreSQL database, so the test can SIGKILL it mid-work and start it
// again. Configured by the environment; prints `listening <url>` once it accepts deliveries.
import { openNotifierStore } from '../notifier/store';
import { QUIET_LOGGER, orderEventsServer, testNotifier } from './notifier-stand';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const store = await openNotifierStore({ databaseUrl: required('DATABASE_URL') });
const secret = required('ORDER_EVENTS_SECRET');
const notifier = testNotifier({
  store,
  apiRoot: required('TELEGRAM_API_ROOT'),
  token: required('BOT_TOKEN'),
  secret,
  sender: { backoffMs: 100, maxBackoffMs: 1000, leaseMs: Number(required('NOTIFIER_LEASE_MS')) },
});
const app = await orderEventsServer(notifier, secret);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
notifier.start(QUIET_LOGGER);
process.stdout.write(`listening http://127.0.0.1:${port}\n`);
