import {
  ORDER_TABS,
  decodeCursor,
  encodeCursor,
  ordersListHref,
  parseOrdersListParams,
  prefixUpperBound,
  searchKeys,
  searchPrefixes,
} from "./orders-list-query";

describe("orders list query", () => {
  it("reads the view from the URL, falling back to the defaults for anything malformed", () => {
    const query = parseOrdersListParams(new URLSearchParams("tab=needs_you&status=4&q=%20%231001%20"));
    expect(query).toMatchObject({
      tab: { id: "needs_you", stage: "needs_you" },
      hyperskuStatus: 4,
      search: "#1001",
      cursor: null,
      pageSize: 50,
    });
    const junk = parseOrdersListParams(new URLSearchParams("tab=../../x&status=4;drop&after=1_%27or"));
    expect(junk).toMatchObject({ tab: { id: "all", stage: null }, hyperskuStatus: null, search: "", cursor: null });
    expect(parseOrdersListParams(new URLSearchParams(`q=${"9".repeat(500)}`)).search).toHaveLength(60);
  });

  it("reads the sort and a date range, dropping impossible days and swapping a backwards range", () => {
    expect(parseOrdersListParams(new URLSearchParams("sort=oldest&from=2026-11-01&to=2026-11-20"))).toMatchObject({
      sort: "oldest",
      from: "2026-11-01",
      to: "2026-11-20",
    });
    expect(parseOrdersListParams(new URLSearchParams("from=2026-11-20&to=2026-11-01"))).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-20",
    });
    expect(parseOrdersListParams(new URLSearchParams("sort=price&from=2026-02-30&to=yesterday"))).toMatchObject({
      sort: "newest",
      from: null,
      to: null,
    });
    // Newest first is the default: it leaves the address.
    expect(ordersListHref(new URLSearchParams("sort=oldest&after=1_a"), { sort: "newest" })).toBe("/app/orders");
    expect(ordersListHref(new URLSearchParams("tab=shipped"), { from: "2026-11-01", sort: "oldest" })).toBe(
      "/app/orders?tab=shipped&from=2026-11-01&sort=oldest",
    );
  });

  it("round-trips a cursor and keeps its direction", () => {
    const row = { shopifyCreatedAt: new Date("2026-07-14T10:15:30.123Z"), id: "cmabc123" };
    const encoded = encodeCursor(row);
    expect(encoded).toBe(`${row.shopifyCreatedAt.getTime()}_cmabc123`);
    expect(decodeCursor(encoded, "before")).toEqual({ direction: "before", createdAt: row.shopifyCreatedAt, id: "cmabc123" });
    expect(parseOrdersListParams(new URLSearchParams(`after=${encoded}`)).cursor?.direction).toBe("after");
    expect(decodeCursor("abc_def", "after")).toBeNull();
  });

  it("searches a number as typed and as an order name, in capitals too", () => {
    expect(searchPrefixes("1001")).toEqual(["1001", "#1001"]);
    expect(searchPrefixes("#1001")).toEqual(["#1001"]);
    expect(searchPrefixes("so-12")).toEqual(["so-12", "SO-12", "#so-12", "#SO-12"]);
    expect(searchPrefixes("  ")).toEqual([]);
  });

  it("bounds a prefix range just above every name that starts with it", () => {
    const upper = prefixUpperBound("#100");
    for (const name of ["#100", "#1000", "#1009", "#100~", "#100\uffff"]) expect(name < upper).toBe(true);
    for (const name of ["#101", "#1010", "#2"]) expect(name >= upper).toBe(true);
  });

  it("builds links that change the view and start it at its first page", () => {
    const current = new URLSearchParams("tab=needs_you&q=10&after=123_abc");
    expect(ordersListHref(current, { tab: "shipped" })).toBe("/app/orders?tab=shipped&q=10");
    expect(ordersListHref(current, { tab: "all", q: null })).toBe("/app/orders");
    expect(ordersListHref(current, { before: "99_x" })).toBe("/app/orders?tab=needs_you&q=10&before=99_x");
  });

  it("lands links to the former state tabs on the stage that holds those orders", () => {
    const tabOf = (id: string) => parseOrdersListParams(new URLSearchParams(`tab=${id}`)).tab.id;
    expect(["waiting", "queued", "held"].map(tabOf)).toEqual(["to_send", "to_send", "to_send"]);
    expect(["needs_attention", "failed"].map(tabOf)).toEqual(["needs_you", "needs_you"]);
    expect([tabOf("skipped"), tabOf("cancelled"), tabOf("sent")]).toEqual(["not_for_hypersku", "cancelled", "processing"]);
  });

  it("offers one tab per pipeline stage after All", () => {
    expect(ORDER_TABS.map((tab) => tab.label)).toEqual([
      "All",
      "To send",
      "Needs you",
      "Awaiting payment",
      "Processing",
      "Shipped",
      "Delivered",
      "Cancelled",
      "Not for HyperSKU",
    ]);
  });

  it("searches names by prefix, customers by lower-cased prefix, and ids and tracking numbers exactly", () => {
    expect(searchKeys("  ")).toBeNull();
    expect(searchKeys(" Ada  Lovelace ")).toEqual({
      nameRanges: searchPrefixes("Ada  Lovelace").map((from) => ({ from, below: prefixUpperBound(from) })),
      customerRanges: [{ from: "ada lovelace", below: prefixUpperBound("ada lovelace") }],
      exact: "Ada  Lovelace",
    });
    expect(searchKeys("YT2400000001")?.exact).toBe("YT2400000001");
  });
});
