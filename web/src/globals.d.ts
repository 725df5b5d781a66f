/** The product version (root package.json), set by Vite's `define`. */
declare const __APP_VERSION__: string;
