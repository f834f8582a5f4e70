// Remix 2 classic compiler (not Vite): see docs/decisions/0001-remix-classic-compiler-on-node-20.md
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // node_modules stay external on the server: bundling Polaris would give the bundle its own copy,
  // separate from the one shopify-app-remix's AppProvider uses, and Polaris' i18n context breaks.
  // Only its locale JSON is bundled: Node's ESM loader wants an import attribute for JSON files.
  serverDependenciesToBundle: [/^@shopify\/polaris\/locales\//],
  // v3_singleFetch stays off: it is the only path through turbo-stream 2.4.1, which @remix-run/react
  // 2.17.5 pins and which has an advisory Remix 2 (end of life) will not fix (DEPENDENCIES.md).
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
