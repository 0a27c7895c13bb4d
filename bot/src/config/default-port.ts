// The server's port when PORT is not set. A module of its own that imports nothing, so the build's
// configuration (vite.config.ts: the dev server's proxy to this server) reads it without loading
// the server's configuration.
export const DEFAULT_PORT = 3000;

/** The address of a server on this machine at `port`: PUBLIC_URL's default. */
export function localServerUrl(port: number = DEFAULT_PORT): string {
  return `http://127.0.0.1:${String(port)}`;
}
