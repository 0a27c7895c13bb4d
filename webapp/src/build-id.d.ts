/** This build's id, compiled in by webapp/build/build-id.ts (also in /version.json). */
declare const __BUILD_ID__: string;
