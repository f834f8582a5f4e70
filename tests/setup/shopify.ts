// Every test file's Shopify Admin API is an empty offline fake unless the file brings its own
// (tests/support/twins.ts): the app asks Shopify where an order's lines ship from before sending it,
// and a test that does not care gets "no such order" (routing on the order alone), never the network.
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";

const shopify = new ShopifyAdminFake();
setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
