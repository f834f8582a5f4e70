/** Wires the app's HyperSKU services to an in-process simulator for one test file. */
import { configureHypersku } from "~/domain/connection/hypersku.server";
import { startHyperskuSimulator, type HyperskuSimulator, type SimulatorOptions } from "../../simulators/hypersku/server";
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
