import {
  decodeCursor,
  encodeCursor,
  ordersListHref,
  parseOrdersListParams,
  prefixUpperBound,
  searchPrefixes,
  tabForState,
} from "./orders-list-query";

describe("orders list query", () => {
  it("reads the view from the URL, falling back to the defaults for anything malformed", () => {
    const query = parseOrdersListParams(new URLSearchParams("tab=failed&status=4&q=%20%231001%20"));
    expect(query).toMatchObject({
      tab: { id: "failed", states: ["failed"] },
      hyperskuStatus: 4,
      search: "#1001",
      cursor: null,
      pageSize: 50,
    });
    const junk = parseOrdersListParams(new URLSearchParams("tab=../../x&status=4;drop&after=1_%27or"));
    expect(junk).toMatchObject({ tab: { id: "all", states: null }, hyperskuStatus: null, search: "", cursor: null });
    expect(parseOrdersListParams(new URLSearchParams(`q=${"9".repeat(500)}`)).search).toHaveLength(60);
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
    const current = new URLSearchParams("tab=failed&q=10&after=123_abc");
    expect(ordersListHref(current, { tab: "sent" })).toBe("/app/orders?tab=sent&q=10");
    expect(ordersListHref(current, { tab: "all", q: null })).toBe("/app/orders");
    expect(ordersListHref(current, { before: "99_x" })).toBe("/app/orders?tab=failed&q=10&before=99_x");
  });

  it("finds the tab of each state", () => {
    expect(tabForState("sending").id).toBe("queued");
    expect(tabForState("checking").id).toBe("queued");
    expect(tabForState("needs_attention").id).toBe("needs_attention");
    expect(tabForState("unknown").id).toBe("all");
  });
});
