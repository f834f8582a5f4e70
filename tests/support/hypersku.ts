/** Wires the app's HyperSKU services to an in-process simulator for one test file. */
import { configureHypersku } from "~/domain/connection/hypersku.server";
import { startHyperskuSimulator, type HyperskuSimulator, type SimulatorOptions } from "../../simulators/hypersku/server";
import { connectShop, installShop } from "./connected-shop";
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

/**
 * The setup of a forwarding test file: one simulator for the file (handed to `use`) and, before each
 * test, a fresh forwarding world with the shop connected and HyperSKU's timeout short.
 */
export function withForwardingSimulator(use: (simulator: HyperskuSimulator) => void) {
  let simulator: HyperskuSimulator;
  beforeAll(async () => {
    simulator = await startConnectedSimulator();
    use(simulator);
  });
  afterAll(() => simulator.close());
  beforeEach(async () => {
    await resetForForwarding(simulator);
    configureHypersku({ apiUrl: simulator.url, authorizeUrl: `${simulator.url}/application/auth`, timeoutMs: 600 });
    await connectShop(simulator);
  });
}
