// Test environment: the dev harness's offline settings (@shopify/shopify-api's test-helper keys, so
// signed requests from its helpers verify, and a fixed encryption key), before any app import.
import { applyOfflineEnvDefaults } from "../../simulators/harness/offline-env";

export { TEST_ENCRYPTION_KEY } from "../../simulators/harness/offline-keys";

applyOfflineEnvDefaults();
