/** A shop installed and connected to the simulator, without going through the browser. */
import { connectWithAuthorizationCode } from "~/domain/connection/connection.server";
import { ensureShop } from "~/models/shop.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { createSession } from "./factories";
import { TEST_SHOP } from "./shopify";

export async function installShop(shop = TEST_SHOP) {
  await createSession({ shop });
  return ensureShop(shop);
}

export async function connectShop(simulator: HyperskuSimulator, shop = TEST_SHOP) {
  await connectWithAuthorizationCode(shop, simulator.control.issueAuthorizationCode());
}
