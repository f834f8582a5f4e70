/**
 * The offline app's identity, shared by tests, the demo's tooling and the benchmarks: the Shopify
 * keys, app URL and shop of @shopify/shopify-api's test helpers (so requests signed with its
 * helpers verify) and a fixed token encryption key. Public values: they protect nothing real.
 */
import { API_KEY, API_SECRET_KEY, APP_URL, BASE64_HOST, TEST_SHOP } from "@shopify/shopify-api/test-helpers";

export { API_KEY, API_SECRET_KEY, APP_URL, BASE64_HOST, TEST_SHOP };

export const TEST_ENCRYPTION_KEY = "test1:" + Buffer.alloc(32, 7).toString("base64");
