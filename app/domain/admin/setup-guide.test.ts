import { buildSetupGuide, isMarkableStep, parseMarkedSteps, type SetupGuideInput } from "./setup-guide";

const fresh: SetupGuideInput = {
  connectionStatus: "not_connected",
  dismissed: false,
  settingsSavedAt: null,
  stepsMarked: "[]",
  ordersSent: 0,
  ordersHeld: 0,
};

describe("the setup guide", () => {
  it("starts with nothing done and connecting HyperSKU first", () => {
    const guide = buildSetupGuide(fresh)!;
    expect(guide.steps.map((step) => step.id)).toEqual(["connect", "settings", "products", "test_order"]);
    expect(guide.completed).toBe(0);
    expect(guide.steps[0].action).toEqual({ label: "Connect HyperSKU", url: "/app/connection" });
    expect(guide.steps.find((step) => step.id === "products")?.action.url).toBe("/app/products");
  });

  it("ticks steps from what the app sees: connected, settings saved, an order sent", () => {
    const guide = buildSetupGuide({ ...fresh, connectionStatus: "connected", settingsSavedAt: new Date(), ordersSent: 1 })!;
    expect(guide.steps.filter((step) => step.done).map((step) => step.id)).toEqual(["connect", "settings", "test_order"]);
    expect(guide.completed).toBe(3);
  });

  it("ticks the steps it cannot see when the merchant marks them, and only those", () => {
    const guide = buildSetupGuide({ ...fresh, stepsMarked: JSON.stringify(["products", "connect", "nonsense"]) })!;
    expect(guide.steps.filter((step) => step.done).map((step) => step.id)).toEqual(["products"]);
    expect(guide.steps.filter((step) => step.markable).map((step) => step.id)).toEqual(["settings", "products"]);
    expect(isMarkableStep("connect")).toBe(false);
    expect(parseMarkedSteps("{not json")).toEqual([]);
  });

  it("says how many orders wait for the connection", () => {
    expect(buildSetupGuide({ ...fresh, ordersHeld: 2 })!.steps[0].description).toContain(
      "2 orders wait for it and are sent once you connect.",
    );
  });

  it("is gone once dismissed", () => {
    expect(buildSetupGuide({ ...fresh, dismissed: true })).toBeNull();
  });
});
