/**
 * Refreshes the vendored Admin GraphQL schema that tests/contract/admin-graphql.test.ts validates
 * the app's documents against. Shopify publishes it inside the npm package @shopify/dev-mcp
 * (dist/data/admin_<version>.json.gz); that package brings a large dependency tree, so only the
 * one file is kept (docs/decisions/0012-admin-graphql-schema-vendored.md).
 *
 *   npx tsx scripts/shopify/update-admin-schema.ts [dev-mcp version]
 *
 * The Admin API version is the app's own (SHOPIFY_API_VERSION in app/shopify.server.ts).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ApiVersion } from "@shopify/shopify-api";

const DEV_MCP_VERSION = process.argv[2] ?? "1.16.0";
if (!/^\d+\.\d+\.\d+$/.test(DEV_MCP_VERSION)) {
  console.error(`usage: update-admin-schema.ts [dev-mcp version, e.g. 1.16.0]; got "${DEV_MCP_VERSION}"`);
  process.exit(2);
}

// Read the version from the source rather than importing shopify.server (which needs the app's env).
const source = fs.readFileSync("app/shopify.server.ts", "utf8");
const member = /SHOPIFY_API_VERSION = ApiVersion\.(\w+)/.exec(source)?.[1];
const apiVersion = member ? (ApiVersion as Record<string, string>)[member] : undefined;
if (!apiVersion) throw new Error("app/shopify.server.ts does not set SHOPIFY_API_VERSION = ApiVersion.<Name>");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "admin-schema-"));
try {
  const tarball = execFileSync("npm", ["pack", "--silent", "--ignore-scripts", `@shopify/dev-mcp@${DEV_MCP_VERSION}`], {
    cwd: work,
    encoding: "utf8",
  }).trim();
  const entry = `package/dist/data/admin_${apiVersion}.json.gz`;
  execFileSync("tar", ["-xzf", tarball, entry], { cwd: work });
  const target = `tests/fixtures/shopify/admin_${apiVersion}.json.gz`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join(work, entry), target);
  for (const stale of fs.readdirSync(path.dirname(target))) {
    if (stale.startsWith("admin_") && stale !== path.basename(target)) fs.rmSync(path.join(path.dirname(target), stale));
  }
  console.log(`${target}: Admin API ${apiVersion} from @shopify/dev-mcp@${DEV_MCP_VERSION} (${fs.statSync(target).size} bytes)`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
