import { defineJob, jobKey } from "./job";

describe("jobKey: a job is (type, subject)", () => {
  it("is the type and the subject, or the type alone without a subject", () => {
    expect(jobKey("forward_order", "order-1")).toBe("forward_order:order-1");
    expect(jobKey("refresh_hypersku_tokens")).toBe("refresh_hypersku_tokens");
    expect(jobKey("refresh_hypersku_tokens", null)).toBe("refresh_hypersku_tokens");
  });
});

describe("defineJob", () => {
  const run = async () => ({ kind: "done" }) as const;

  it("returns the definition as declared", () => {
    const definition = { type: "t", subject: "order", retry: { maxAttempts: 3 }, run };
    expect(defineJob(definition)).toBe(definition);
  });

  it("refuses a retry policy without a positive whole number of attempts", () => {
    for (const maxAttempts of [0, -1, 1.5, Number.NaN]) {
      expect(() => defineJob({ type: "t", subject: "none", retry: { maxAttempts }, run })).toThrow(RangeError);
    }
  });
});
