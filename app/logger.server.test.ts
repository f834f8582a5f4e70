import { capturedLogLines } from "../tests/support/logs";
import { capLogLine, logger, logShopifyLibrary, MAX_LOG_LINE } from "./logger.server";

/** The lines logged while `log` runs, parsed. */
function linesOf(log: () => void): { text: string; parsed: Record<string, unknown> }[] {
  const from = capturedLogLines.length;
  log();
  return capturedLogLines.slice(from).map((text) => ({ text, parsed: JSON.parse(text) as Record<string, unknown> }));
}

const huge = "x".repeat(2_000_000);

describe("log line size", () => {
  it("cuts a long message and long values, keeping the line readable JSON with what was left out", () => {
    const lines = linesOf(() => {
      logger.info(`Redirecting login request to https://app.test/auth?shop=${huge}`);
      logger.warn({ shop: huge, detail: { nested: [huge, huge] } }, "webhook refused");
      logger.child({ job: "sync" }).error({ err: new Error(huge) }, "job failed");
    });
    expect(lines).toHaveLength(3);
    for (const { text } of lines) expect(text.length).toBeLessThanOrEqual(MAX_LOG_LINE);
    expect(lines[0].parsed.msg).toMatch(/^Redirecting login request to https:\/\/app\.test\/auth\?shop=x+\.\.\. \[\d+ more characters\]$/);
    expect(lines[1].parsed).toMatchObject({ msg: "webhook refused", level: 40, truncated: true });
    expect(String(lines[1].parsed.shop)).toMatch(/more characters\]$/);
    expect(lines[2].parsed).toMatchObject({ msg: "job failed", job: "sync" });
  });

  it("still redacts personal data in a line it had to cut", () => {
    const [line] = linesOf(() => logger.info({ order: { email: huge, note: huge } }, "order stored"));
    expect(line.parsed.order).toMatchObject({ email: "[redacted]" });
    expect(line.text).not.toContain("x".repeat(5_000));
  });

  it("keeps only a line's essentials when cutting its strings is not enough", () => {
    const many = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`field${i}`, `value ${i}`]));
    const [line] = linesOf(() => logger.info(many, "many fields"));
    expect(line.text.length).toBeLessThanOrEqual(MAX_LOG_LINE);
    expect(line.parsed).toMatchObject({ msg: "many fields", level: 30, truncated: true, service: "hypersku-app" });
  });

  it("leaves lines under the cap as they are", () => {
    const line = `${JSON.stringify({ level: 30, msg: "ok" })}\n`;
    expect(capLogLine(line)).toBe(line);
    expect(capLogLine(`not json ${huge}`).length).toBeLessThanOrEqual(MAX_LOG_LINE);
  });
});

describe("the Shopify library's log", () => {
  it("goes through the app's logger at its severity, cut like every line", () => {
    const lines = linesOf(() => {
      logShopifyLibrary(0, "Failed to validate session token");
      logShopifyLibrary(1, `Redirecting login request to https://app.test/auth?shop=${huge}`);
      logShopifyLibrary(2, "Authenticating admin request");
    });
    expect(lines.map((line) => [line.parsed.level, line.parsed.source])).toEqual([
      [50, "shopify-api"],
      [40, "shopify-api"],
      [30, "shopify-api"],
    ]);
    expect(lines[1].text.length).toBeLessThan(3_000);
  });
});
