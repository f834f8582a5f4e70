/** App processes for tests: the dev harness's, pointed at the test's database and HyperSKU simulator with `simulatorEnv`. */
export {
  getFreePort,
  shopifyTwinEnv,
  startAppServer,
  startWorkerProcess,
  type RunningApp,
  type RunningProcess,
} from "../../simulators/harness/app-process";

/** What points an app process at this test's database and a HyperSKU simulator. */
export function simulatorEnv(simulator: { url: string }): Record<string, string> {
  return {
    DATABASE_URL: process.env.DATABASE_URL!,
    HYPERSKU_API_URL: simulator.url,
    HYPERSKU_AUTHORIZE_URL: `${simulator.url}/application/auth`,
    HYPERSKU_CLIENT_ID: process.env.HYPERSKU_CLIENT_ID!,
    HYPERSKU_CLIENT_SECRET: process.env.HYPERSKU_CLIENT_SECRET!,
  };
}
