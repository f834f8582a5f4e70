/**
 * The vendored Admin GraphQL schema of the app's API version (tests/fixtures/shopify, refreshed by
 * update-admin-schema.ts), for the contract test that validates and prices every document and for
 * the API-cost benchmark. The version is read from app/shopify.server.ts's source: importing that
 * module would need the app's environment.
 */
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { ApiVersion } from "@shopify/shopify-api";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

export function adminApiVersion(): string {
  const source = fs.readFileSync("app/shopify.server.ts", "utf8");
  const member = /SHOPIFY_API_VERSION = ApiVersion\.(\w+)/.exec(source)?.[1];
  const version = member ? (ApiVersion as Record<string, string>)[member] : undefined;
  if (!version) throw new Error("app/shopify.server.ts does not set SHOPIFY_API_VERSION = ApiVersion.<Name>");
  return version;
}

export function loadAdminSchema(version = adminApiVersion()): GraphQLSchema {
  const file = path.resolve(`tests/fixtures/shopify/admin_${version}.json.gz`);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: run npx tsx scripts/shopify/update-admin-schema.ts after changing the API version`);
  }
  const introspection = JSON.parse(gunzipSync(fs.readFileSync(file)).toString("utf8")) as { data: IntrospectionQuery };
  // Shopify's schema breaks a rule graphql 17 checks on schemas (deprecated fields implementing
  // non-deprecated interface fields); that says nothing about our documents, so it is not checked.
  return buildClientSchema(introspection.data, { assumeValid: true });
}
