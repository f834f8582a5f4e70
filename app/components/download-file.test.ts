// @vitest-environment happy-dom
import { downloadFile } from "./download-file";

const answer = (body: string, init: ResponseInit) => vi.fn(async () => new Response(body, init));

describe("downloadFile", () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("saves the file under the server's name", async () => {
    vi.stubGlobal(
      "fetch",
      answer("a,b\n", { status: 200, headers: { "Content-Disposition": 'attachment; filename="hypersku-orders.csv"' } }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    expect(await downloadFile("/app/orders/export", "orders.csv")).toEqual({ ok: true, name: "hypersku-orders.csv" });
    expect(clicked).toEqual(["hypersku-orders.csv"]);
    click.mockRestore();
  });

  it("keeps the server's words for an export already running, and none for an unexplained failure", async () => {
    vi.stubGlobal("fetch", answer("An export for this store is already being prepared. Try again in a minute.", { status: 429 }));
    expect(await downloadFile("/app/costs.csv?period=today", "costs.csv")).toEqual({
      ok: false,
      reason: "An export for this store is already being prepared. Try again in a minute.",
    });
    vi.stubGlobal("fetch", answer("<html>stack trace</html>", { status: 500 }));
    expect(await downloadFile("/app/costs.csv?period=today", "costs.csv")).toEqual({ ok: false, reason: null });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    expect(await downloadFile("/app/costs.csv?period=today", "costs.csv")).toEqual({ ok: false, reason: null });
  });
});
