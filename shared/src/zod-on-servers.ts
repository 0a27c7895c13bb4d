import { config, memoizer } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/*
 * Imported as `#zod-on-servers` (package.json `imports`): this file everywhere but in the browser
 * build, which gets the empty zod-on-servers.browser.ts instead. The schemas here are zod/mini,
 * which, unlike classic zod, sets neither of these by itself:
 * - English messages. The servers put zod's messages on the wire (validation details), and the
 *   browser never shows them, so only the servers carry the locale's bytes.
 * - The memoizer classic zod installs (it parses input that holds reference cycles). It is read
 *   when a schema is built, so this runs before any schema of this package is.
 */
config({ ...en(), memoizer: memoizer() });
