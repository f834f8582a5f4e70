// Lint: typescript-eslint's recommended rules plus React hooks (react-hooks 7: with the React Compiler rules). Formatting is not linted.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

// The layers, written down (docs/architecture.md draws them). Each entry: the files of a layer and
// what they may not import. An import is matched by its specifier (`~/domain/...` or relative), so a
// pattern names a folder anywhere in it. Tests may import what they need; the rules cover the code
// that ships. tests/contract/architecture.test.ts plants a violation of each rule and sees it fail.
const forbid = (folders, message) => ({ group: folders.flatMap((folder) => [`**/${folder}/**`, `**/${folder}`]), message });
const NEVER_IN_APP = forbid(
  ["simulators", "tests"],
  "The app never imports the offline twins or the tests: they are not part of the production bundle.",
);
const NO_PRISMA = {
  // kysely: the lean query builder of the hot paths (docs/decisions/0025), held to the same layers as Prisma.
  group: ["@prisma/*", "kysely", "kysely/*", "**/models/db/**"],
  message: "Only models/ and the queue talk to the database: call a model function.",
};
const QUEUE_BY_ENTRY = { group: ["**/queue/*"], message: "Import the queue package by its public entry, ~/queue." };
const DOMAIN = [
  forbid(["routes", "components"], "The domain is below the UI."),
  forbid(["jobs"], "The domain never imports jobs/ (jobs run the domain); it queues work through ~/domain/enqueue.server."),
  QUEUE_BY_ENTRY,
  NO_PRISMA,
];
const LAYERS = [
  {
    files: ["app/lib/**"],
    patterns: [
      forbid(
        ["domain", "models", "jobs", "queue", "integrations", "routes", "components"],
        "lib/ holds small helpers every layer may use, so it imports none of them.",
      ),
    ],
  },
  {
    files: ["app/models/**"],
    patterns: [
      forbid(
        ["domain", "jobs", "queue", "integrations", "routes", "components"],
        "Models are the bottom layer: they never import the layers above them.",
      ),
    ],
  },
  {
    files: ["app/queue/**"],
    patterns: [
      forbid(
        ["domain", "jobs", "integrations", "routes", "components"],
        "The queue is a package: it knows jobs by type, not the app's domain.",
      ),
      { regex: "(^|/)models/(?!db/)", message: "The queue uses the database client, not the app's models." },
    ],
  },
  {
    files: ["app/integrations/**"],
    patterns: [
      forbid(
        ["domain", "jobs", "routes", "components"],
        "Integrations speak to Shopify and HyperSKU; the domain decides what to do with them.",
      ),
      NO_PRISMA,
    ],
  },
  {
    files: ["app/domain/**"],
    ignores: ["app/domain/enqueue.server.ts"],
    patterns: DOMAIN,
    paths: [
      {
        name: "~/queue",
        importNames: ["enqueue", "findJob", "cancelJobs", "releaseJobs"],
        message: "The domain queues work through ~/domain/enqueue.server (job types, one rule for uniqueness).",
      },
    ],
  },
  { files: ["app/domain/enqueue.server.ts"], patterns: DOMAIN },
  {
    files: ["app/jobs/**"],
    patterns: [forbid(["routes", "components"], "Jobs run domain functions; they never import the UI."), QUEUE_BY_ENTRY, NO_PRISMA],
  },
  { files: ["app/routes/**"], patterns: [forbid(["jobs", "queue"], "Routes call the domain; the domain queues work."), NO_PRISMA] },
  {
    files: ["app/components/**"],
    patterns: [
      // A component may name the type its loader returns, and use pure modules (labels, formats);
      // it never calls server code.
      {
        group: ["**/*.server", "**/jobs/**", "**/queue/**", "**/integrations/**"],
        allowTypeImports: true,
        message: "Components are UI: they receive data as props.",
      },
    ],
  },
  { files: ["app/*.{ts,tsx}"], patterns: [NO_PRISMA] },
];

// defineConfig is ESLint's own helper; typescript-eslint deprecated its tseslint.config() for it.
export default defineConfig(
  {
    // extensions/*/shopify.d.ts is written by the Shopify CLI (`shopify app build`/`dev`) and committed as written.
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "extensions/**/dist/**",
      "extensions/*/shopify.d.ts",
      ".cache/**",
      "test-results/**",
    ],
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
    // CommonJS: tool configuration that must be required (dependency-cruiser's).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
        Request: "readonly",
        Response: "readonly",
      },
    },
  },
  {
    // The generated shopify.d.ts types the `shopify` global in every module the entry imports; only the
    // entry reads it, the rest receive what they need as arguments (and stay testable without it).
    files: ["extensions/*/src/**/*.{ts,tsx}"],
    ignores: ["extensions/*/src/BlockExtension.tsx"],
    rules: {
      "no-restricted-globals": [
        "error",
        {
          name: "shopify",
          message: "Only the entry module (BlockExtension.tsx) reads the `shopify` global; pass what is needed as an argument.",
        },
      ],
    },
  },
  {
    // What the server renders the browser must hydrate as is: a time formatted in render would read
    // in the browser's zone and locale, not the server's (React errors #418/#423 in any other zone).
    files: ["app/routes/**/*.tsx", "app/components/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
          "CallExpression[callee.property.name='toLocaleString'][arguments.length=0]",
          ":matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
        ].map((selector) => ({
          selector,
          message: "Format times in the loader, in the shop's time zone (formatDateTime, app/domain/admin/format.ts), not in render.",
        })),
      ],
    },
  },
  ...LAYERS.map(({ files, ignores = [], patterns, paths = [] }) => ({
    files,
    ignores: [...ignores, "**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths, patterns: [NEVER_IN_APP, ...patterns] }] },
  })),
  {
    files: ["scripts/**", "simulators/**/cli.ts", "server.js", "tests/**"],
    rules: { "no-console": "off" },
  },
);
