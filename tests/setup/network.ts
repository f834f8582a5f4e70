// Any network call to a host other than loopback fails the test: Shopify and HyperSKU are only
// ever reached through their offline twins, which listen on 127.0.0.1.
import { afterEach, expect } from "vitest";
import { blockedNetworkCalls, installNetworkGuard } from "../support/network";

installNetworkGuard();

afterEach(() => {
  const blocked = blockedNetworkCalls.splice(0);
  expect(blocked, "unexpected network calls (only loopback is allowed in tests)").toEqual([]);
});
