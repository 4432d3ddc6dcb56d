import type { Plugin } from 'vite';

/** Writes `.gz` and `.br` siblings of the emitted js/css/svg/html files (vite-precompress.js). */
export declare function precompress(): Plugin;
