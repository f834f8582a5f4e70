/** A shop installed and connected to the simulator, without going through the browser. */
import { getHypersku } from "~/domain/connection/hypersku.server";
import { tokenResponseToTokenSet } from "~/integrations/hypersku/token-set";
import { replaceTokenSet } from "~/models/hypersku-connection.server";
import { ensureShop, setHyperskuStatus } from "~/models/shop.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { createSession } from "./factories";
import { TEST_SHOP } from "./shopify";

export async function installShop(shop = TEST_SHOP) {
  await createSession({ shop });
  return ensureShop(shop);
}

export async function connectShop(simulator: HyperskuSimulator, shop = TEST_SHOP) {
  const response = await getHypersku().client.accessToken({ code: simulator.control.issueAuthorizationCode(), shop });
  await ensureShop(shop);
  await replaceTokenSet(shop, tokenResponseToTokenSet(response, new Date()));
  await setHyperskuStatus(shop, "connected");
}
