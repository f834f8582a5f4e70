import { addReason, classifyImportedOrder, describeSkipReason, parsePosition, parseReasonCounts } from "./outcomes";

describe("past order outcomes", () => {
  it("classifies an imported order by what its record became", () => {
    expect(classifyImportedOrder({ state: "scheduled", stateCode: null })).toEqual({ kind: "queued" });
    expect(classifyImportedOrder({ state: "held", stateCode: "not_connected" })).toEqual({ kind: "queued" });
    expect(classifyImportedOrder({ state: "checking", stateCode: "create_unconfirmed" })).toEqual({ kind: "queued" });
    expect(classifyImportedOrder({ state: "sent", stateCode: null })).toEqual({ kind: "skipped", reason: "already_sent" });
    expect(classifyImportedOrder({ state: "skipped", stateCode: "test_order" })).toEqual({ kind: "skipped", reason: "test_order" });
    expect(classifyImportedOrder({ state: "waiting", stateCode: "awaiting_payment" })).toEqual({
      kind: "skipped",
      reason: "awaiting_payment",
    });
  });

  it("says each reason in the merchant's words", () => {
    expect(describeSkipReason("already_sent")).toMatch(/never sent twice/);
    expect(describeSkipReason("test_order")).toMatch(/test order/);
    expect(describeSkipReason("something_new")).toBe("something new");
  });

  it("counts reasons in JSON and survives a damaged column", () => {
    expect(parseReasonCounts(addReason(addReason("{}", "test_order"), "test_order"))).toEqual({ test_order: 2 });
    expect(parseReasonCounts("not json")).toEqual({});
    expect(parsePosition(null)).toEqual({ after: null, done: 0 });
    expect(parsePosition('{"after":"50","done":3}')).toEqual({ after: "50", done: 3 });
  });
});
