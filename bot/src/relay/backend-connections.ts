// The connections to the backends, kept open between calls. One thing is ours, not undici's: a
// call given up on (its deadline passed, or its answer ran past the size limit) closes its own
// connection at once. undici's abort closes the socket but then puts the dead call back in the
// queue and opens a fresh connection for it that carries nothing: 20 calls to a trickling backend
// left 20 such connections open until the keep-alive ran out.
import type { Socket } from 'node:net';
import { Agent, Client, Pool, type Dispatcher } from 'undici';

type Abort = (reason?: Error) => void;

/** How undici starts a call on a handler of `request()`'s kind: its abort, and a context. */
interface CallStart {
  onConnect?: (abort: Abort, context?: object) => void;
}

/** The call's handler, with undici's abort swapped for closing the socket the call is on. */
function closingOnAbort(
  handler: Dispatcher.DispatchHandler,
  socketNow: () => Socket | null,
): Dispatcher.DispatchHandler {
  return new Proxy(handler, {
    get(target, property) {
      const start = (target as CallStart).onConnect;
      if (property === 'onConnect' && start) {
        const onConnect = start.bind(target);
        return (abort: Abort, context?: object) => {
          onConnect((reason?: Error) => {
            const socket = socketNow();
            // A socket closed with an error fails only the call on it (one at a time, no
            // pipelining), and nothing is queued again; before a socket, undici's own abort.
            if (socket !== null && !socket.destroyed) {
              socket.destroy(reason ?? new Error('Backend call given up'));
            } else {
              abort(reason);
            }
          }, context);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** One connection (undici's Client) whose calls close it when they are given up. */
function closingClient(origin: URL, options: object): Dispatcher {
  const poolOptions = options as Client.Options;
  const connect = poolOptions.connect;
  if (typeof connect !== 'function') return new Client(origin, poolOptions);
  let socket: Socket | null = null;
  const client = new Client(origin, {
    ...poolOptions,
    connect: (connectOptions, done) => {
      connect(connectOptions, (...result) => {
        socket = result[1];
        done(...result);
      });
    },
  });
  const dispatch = client.dispatch.bind(client);
  client.dispatch = (callOptions, handler) =>
    dispatch(
      callOptions,
      closingOnAbort(handler, () => socket),
    );
  return client;
}

/**
 * The connections to the backends: JSON calls (upstream-client.ts) and pictures (media.ts).
 * An idle one is closed after 4 s (or the backend's own keep-alive hint, less a second).
 */
export function createBackendConnections(): Agent {
  return new Agent({
    keepAliveTimeout: 4_000,
    factory: (origin, options) =>
      new Pool(origin, { ...(options as Pool.Options), factory: closingClient }),
  });
}
