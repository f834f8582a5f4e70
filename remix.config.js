// Remix 2 classic compiler (not Vite): see docs/decisions/0001-remix-classic-compiler-on-node-20.md
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // The server build runs under Node; node_modules stay external except these, which ship
  // CSS or ESM-only code that Node cannot load from the bundle's point of view.
  serverDependenciesToBundle: [/^@shopify\/polaris/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
