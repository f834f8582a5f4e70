/**
 * Every Admin GraphQL document the app sends is valid against Shopify's published schema for the
 * API version the app uses (tests/fixtures/shopify, refreshed by scripts/shopify/update-admin-schema.ts).
 * Documents are found by their `#graphql` tag in app/, so a new one is checked without being listed;
 * they all live in app/integrations/shopify/, beside the functions that send them.
 */
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import {
  buildClientSchema,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery,
  Kind,
  NoUnusedFragmentsRule,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { SHOPIFY_API_VERSION } from "~/shopify.server";

const APP = path.resolve("app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function loadSchema(): GraphQLSchema {
  const file = path.resolve(`tests/fixtures/shopify/admin_${SHOPIFY_API_VERSION}.json.gz`);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: run npx tsx scripts/shopify/update-admin-schema.ts after changing the API version`);
  }
  const introspection = JSON.parse(gunzipSync(fs.readFileSync(file)).toString("utf8")) as { data: IntrospectionQuery };
  // Shopify's schema breaks a rule graphql 17 checks on schemas (deprecated fields implementing
  // non-deprecated interface fields); that says nothing about our documents, so it is not checked.
  return buildClientSchema(introspection.data, { assumeValid: true });
}

/** A document holding only fragments is checked on its own, without the rule that wants them used. */
function errorsOf(schema: GraphQLSchema, document: DocumentNode): string[] {
  const onlyFragments = document.definitions.every((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  const rules = onlyFragments ? specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule) : specifiedRules;
  return validate(schema, document, rules).map((error) => error.message);
}

const schema = loadSchema();
const filesWithDocuments = sourceFiles(APP).filter((file) => fs.readFileSync(file, "utf8").includes("`#graphql"));
const taggedLiterals = filesWithDocuments.reduce((sum, file) => sum + fs.readFileSync(file, "utf8").split("`#graphql").length - 1, 0);
const documents: { name: string; text: string }[] = [];
for (const file of filesWithDocuments) {
  const module = (await import(file)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === "string" && value.startsWith("#graphql"))
      documents.push({ name: `${path.relative(APP, file)}: ${name}`, text: value });
  }
}

describe(`Admin GraphQL documents (API ${SHOPIFY_API_VERSION})`, () => {
  it("finds every tagged document in app/ as an export it can check", () => {
    expect(documents.length).toBeGreaterThanOrEqual(6);
    expect(documents.length).toBe(taggedLiterals);
  });

  it("keeps every document in integrations/shopify/, beside the code that sends it", () => {
    const elsewhere = filesWithDocuments
      .map((file) => path.relative(APP, file))
      .filter((file) => !file.startsWith("integrations/shopify/"));
    expect(elsewhere).toEqual([]);
  });

  it.each(documents.map((d) => [d.name, d.text] as const))("%s is valid", (_name, text) => {
    expect(errorsOf(schema, parse(text))).toEqual([]);
  });

  it("would catch a field the schema does not have, or a wrong argument type", () => {
    const [{ text }] = documents.filter((d) => d.text.includes("query OrderFulfillmentOrders"));
    expect(errorsOf(schema, parse(text.replace("id\n", "idd\n")))).toEqual([expect.stringContaining('Cannot query field "idd"')]);
    expect(errorsOf(schema, parse("query Q($id: String!) { order(id: $id) { id } }"))).toEqual([
      expect.stringContaining('Variable "$id" of type "String!" used in position expecting type "ID!"'),
    ]);
  });

  it("sends them only through adminQuery", () => {
    const senders = sourceFiles(APP).filter((file) => /\badmin\.graphql\(/.test(fs.readFileSync(file, "utf8")));
    expect(senders.map((file) => path.relative(APP, file))).toEqual(["integrations/shopify/admin-graphql.server.ts"]);
  });
});
