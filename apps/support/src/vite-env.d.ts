/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API (e.g. https://api.example.com); '' = the same origin as the app. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
