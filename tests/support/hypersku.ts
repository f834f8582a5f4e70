/** Wires the app's HyperSKU services to an in-process simulator for one test file. */
import { configureHypersku } from "~/domain/connection/hypersku.server";
import { startHyperskuSimulator, type HyperskuSimulator, type SimulatorOptions } from "../../simulators/hypersku/server";
import { installShop } from "./connected-shop";
import { resetDatabase } from "./database";
import { APP_URL } from "./shopify";

export async function startConnectedSimulator(options: Partial<SimulatorOptions> = {}): Promise<HyperskuSimulator> {
  const simulator = await startHyperskuSimulator({
    clientId: process.env.HYPERSKU_CLIENT_ID,
    clientSecret: process.env.HYPERSKU_CLIENT_SECRET,
    redirectUri: `${APP_URL}/hypersku/callback`,
    ...options,
  });
  configureHypersku({ apiUrl: simulator.url, authorizeUrl: `${simulator.url}/application/auth`, timeoutMs: 2_000 });
  return simulator;
}

/**
 * Before each forwarding test: an empty database, a simulator with no orders and no faults that
 * creates duplicates instead of refusing them (so a double send shows), the test shop installed
 * and connected.
 */
export async function resetForForwarding(simulator: HyperskuSimulator) {
  await resetDatabase();
  simulator.control.reset();
  simulator.control.configure({ duplicateCreate: "create-duplicate", envelope: "wrapped", authErrorStyle: "http" });
  simulator.control.setFault("*", null);
  simulator.control.setFault("createOrderFromExternal", null);
  await installShop();
}

