import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Raw HTTP servers that stand in for a remote backend the relay cannot trust: one that hangs, lies
 * or fails on purpose, and a recording pass-through placed in front of the real reference backend
 * so a test can see exactly what reached it.
 */

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface StandIn {
  readonly url: string;
  readonly requests: readonly SeenRequest[];
  close(): Promise<void>;
}

type Responder = (request: SeenRequest, res: ServerResponse, req: IncomingMessage) => void;

async function listen(respond: Responder, bufferBody: boolean): Promise<StandIn> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const seen: SeenRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.alloc(0),
    };
    requests.push(seen);
    if (!bufferBody) {
      respond(seen, res, req);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.body = Buffer.concat(chunks);
      respond(seen, res, req);
    });
  });
  return { ...(await listenLocally(server)), requests };
}

/**
 * `server` listening on a free local port: its address, and a close that drops its open
 * connections too (a stand-in's kept-alive sockets would hold close() up).
 */
export async function listenLocally(
  server: Server,
): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}

/** A backend that answers (or not) exactly as `respond` says. */
export function startStandInUpstream(
  respond: (request: SeenRequest, res: ServerResponse) => void,
): Promise<StandIn> {
  return listen(respond, true);
}

/** Passes one request on to `base` unchanged, streaming both ways. */
function forward(base: URL, seen: SeenRequest, res: ServerResponse, req: IncomingMessage): void {
  const upstream = httpRequest(
    {
      host: base.hostname,
      port: base.port,
      method: seen.method,
      path: seen.url,
      headers: { ...seen.headers, host: base.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** Forwards everything to `target` unchanged, streaming both ways, and records what passed. */
export function startRecordingProxy(target: string): Promise<StandIn> {
  const base = new URL(target);
  return listen((seen, res, req) => {
    forward(base, seen, res, req);
  }, false);
}

/** An address where nothing listens: connecting to it is refused at once. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return `http://127.0.0.1:${port}`;
}

/** A pass-through to `target` that can be taken down: while down, every connection is cut. */
export interface SwitchableProxy extends StandIn {
  down: boolean;
}

export async function startSwitchableProxy(target: string): Promise<SwitchableProxy> {
  const base = new URL(target);
  let down = false;
  const standIn = await listen((seen, res, req) => {
    if (down) {
      res.destroy();
      return;
    }
    forward(base, seen, res, req);
  }, false);
  return {
    ...standIn,
    get down() {
      return down;
    },
    set down(value: boolean) {
      down = value;
    },
  };
}
