/**
 * Import cycles, checked by `npm run lint` (dependency-cruiser) and explained per folder by
 * tests/contract/architecture.test.ts. The layer rules themselves are ESLint's (eslint.config.js),
 * so an editor shows them as you type; this file only finds what a per-file rule cannot: cycles.
 * Type-only imports count: a cycle of types is still two modules that cannot be understood apart.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other, directly or through others. Move what both need into a lower layer.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.tsx?$", "^build/", "^public/build/", "node_modules"] },
  },
};
