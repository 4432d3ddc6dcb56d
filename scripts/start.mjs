// `npm start`: build the web app and the server when missing or older than their sources, then run
// the built server (which migrates and seeds the embedded database on first start).
import { pathToFileURL } from 'node:url';
import { buildIfStale, SERVER_ENTRY } from './build-if-stale.mjs';

if (!buildIfStale()) process.exit(1);
// Stack traces point into the TypeScript sources, not the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
