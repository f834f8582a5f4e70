import { buildGraphqlOrder, buildRestOrder } from "../../../tests/support/order-factories";
import { parseAnyOrder } from "./parse-any-order";

describe("parseAnyOrder", () => {
  it("reads a REST webhook payload", () => {
    const payload = buildRestOrder();
    const result = parseAnyOrder(payload);
    expect(result).toMatchObject({ ok: true, source: "rest", value: { shopifyOrderId: String(payload.id) } });
  });

  it("reads a REST API answer wrapped as {order}", () => {
    const payload = buildRestOrder();
    expect(parseAnyOrder({ order: payload })).toMatchObject({ ok: true, source: "rest" });
  });

  it("reads a GraphQL Order node, bare or as a whole response", () => {
    const node = buildGraphqlOrder();
    expect(parseAnyOrder(node)).toMatchObject({ ok: true, source: "graphql", value: { adminGraphqlId: node.id } });
    expect(parseAnyOrder({ data: { order: node } })).toMatchObject({ ok: true, source: "graphql" });
  });

  it("explains GraphQL errors and a missing order", () => {
    expect(parseAnyOrder({ errors: [{ message: "Access denied for order field." }] })).toEqual({
      ok: false,
      problems: [{ path: "errors", message: "the GraphQL response reports errors: Access denied for order field." }],
    });
    expect(parseAnyOrder({ data: { order: null } })).toEqual({
      ok: false,
      problems: [{ path: "data.order", message: "the GraphQL response holds no order (was the order id right?)" }],
    });
  });

  it("passes on the parser's problems for a broken order of either shape", () => {
    expect(parseAnyOrder({ id: 1 })).toMatchObject({ ok: false, source: "rest", problems: [{ path: "line_items" }] });
    expect(parseAnyOrder({ id: "gid://shopify/Order/1" })).toMatchObject({
      ok: false,
      source: "graphql",
      problems: [{ path: "lineItems" }],
    });
  });

  it.each([null, "{}", 3, [{}]])("refuses %j", (json) => {
    expect(parseAnyOrder(json)).toMatchObject({ ok: false, problems: [{ path: "(order)" }] });
  });
});
