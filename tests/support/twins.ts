/**
 * Both offline twins for one test file: the HyperSKU simulator (reset before each test) and a fresh
 * Shopify Admin fake, with the test shop installed and connected. Registers the hooks itself and
 * hands the twins to `receive` before each test.
 */
import { configureHypersku } from "~/domain/connection/hypersku.server";
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { connectShop, installShop } from "./connected-shop";
import { resetDatabase } from "./database";
import { startConnectedSimulator } from "./hypersku";

export type Twins = { simulator: HyperskuSimulator; shopify: ShopifyAdminFake };

export function withTwins(receive: (twins: Twins) => void) {
  let simulator: HyperskuSimulator;
  beforeAll(async () => {
    simulator = await startConnectedSimulator();
  });
  afterAll(async () => {
    await simulator.close();
  });
  beforeEach(async () => {
    await resetDatabase();
    simulator.control.reset();
    simulator.control.configure({ envelope: "wrapped", authErrorStyle: "http", duplicateCreate: "return-existing" });
    simulator.control.setFault("*", null);
    configureHypersku({ apiUrl: simulator.url, authorizeUrl: `${simulator.url}/application/auth`, timeoutMs: 2_000 });
    const shopify = new ShopifyAdminFake();
    setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
    await installShop();
    await connectShop(simulator);
    receive({ simulator, shopify });
  });
}
