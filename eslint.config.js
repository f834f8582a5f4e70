// Lint: typescript-eslint's recommended rules plus React hooks (react-hooks 7: with the React Compiler rules). Formatting is not linted.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

// defineConfig is ESLint's own helper; typescript-eslint deprecated its tseslint.config() for it.
export default defineConfig(
  {
    // extensions/*/shopify.d.ts is written by the Shopify CLI (`shopify app build`/`dev`) and committed as written.
    ignores: ["build/**", "public/build/**", "node_modules/**", "extensions/**/dist/**", "extensions/*/shopify.d.ts", ".cache/**", "test-results/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", fetch: "readonly", Request: "readonly", Response: "readonly" },
    },
  },
  {
    // The generated shopify.d.ts types the `shopify` global in every module the entry imports; only the
    // entry reads it, the rest receive what they need as arguments (and stay testable without it).
    files: ["extensions/*/src/**/*.{ts,tsx}"],
    ignores: ["extensions/*/src/BlockExtension.tsx"],
    rules: { "no-restricted-globals": ["error", { name: "shopify", message: "Only the entry module (BlockExtension.tsx) reads the `shopify` global; pass what is needed as an argument." }] },
  },
  {
    files: ["scripts/**", "simulators/**/cli.ts", "server.js", "tests/**"],
    rules: { "no-console": "off" },
  },
);
