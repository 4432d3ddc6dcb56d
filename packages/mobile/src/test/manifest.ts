import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/* What the apps' budget tests read: Vite's build manifest, gzip sizes (level 9, as the server's
 * precompressed files) and a chunk's static imports. KB = 1000 bytes, as Vite prints sizes. */

export const KB = 1000;

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** `dist`/.vite/manifest.json, or an error that says which build to run. */
export function readManifest(dist: string, workspace: string): Manifest {
  const path = `${dist}/.vite/manifest.json`;
  if (!existsSync(path)) {
    throw new Error(
      `run npm run build -w ${workspace} first: there is no dist/.vite/manifest.json to measure`,
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

export const gzipSize = (dist: string, file: string) =>
  gzipSync(readFileSync(`${dist}/${file}`), { level: 9 }).length;

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** `key` and every chunk it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}
