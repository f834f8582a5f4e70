import { isSameSubject, isSubjectsOrder, readRequestedOrderIds, subjectOfRequest, type DataSubject } from "./customer-match";

const bob: DataSubject = { customerId: "191167", orderIds: ["5600000000001"], email: "bob@example.com", phone: "+44 7700 900123" };
const order = (shopifyOrderId: string, email: string | null, phone: string | null = null) => ({ shopifyOrderId, email, phone });

describe("whose order it is", () => {
  it("matches the listed orders, and the e-mail or phone as a whole value", () => {
    expect(isSubjectsOrder(order("5600000000001", "someone.else@example.com"), bob)).toBe(true);
    expect(isSubjectsOrder(order("5600000000002", " Bob@Example.com "), bob)).toBe(true);
    expect(isSubjectsOrder(order("5600000000003", null, "+44 7700 900123"), bob)).toBe(true);
    // The same phone written Shopify's other ways (E.164 in the customer record, spaced on the order).
    expect(isSubjectsOrder(order("5600000000007", null, "+447700900123"), bob)).toBe(true);
    expect(isSubjectsOrder(order("5600000000008", null, "+44 (7700) 900-123"), bob)).toBe(true);
  });

  it("never matches a part of an e-mail, phone or order id", () => {
    expect(isSubjectsOrder(order("5600000000004", "jimbob@example.com"), bob)).toBe(false);
    expect(isSubjectsOrder(order("5600000000005", "bob@example.com.au"), bob)).toBe(false);
    expect(isSubjectsOrder(order("5600000000006", null, "+44 7700 9001234"), bob)).toBe(false);
    expect(isSubjectsOrder(order("56000000000011", null), bob)).toBe(false);
    // A phone that merely starts or ends with the customer's digits is someone else's.
    expect(isSubjectsOrder(order("5600000000009", null, "+44 7700 90012"), bob)).toBe(false);
    expect(isSubjectsOrder(order("5600000000010", null, "7700 900123"), bob)).toBe(false);
    // Wildcards in data are plain characters: "_" is not "any character".
    expect(isSubjectsOrder(order("5600000000012", "b_b@example.com"), { ...bob, email: "b_b@example.com" })).toBe(true);
    expect(
      isSubjectsOrder(order("5600000000013", "bob@example.com"), { ...bob, email: "b_b@example.com", orderIds: [], phone: null }),
    ).toBe(false);
  });

  it("matches the customer id the order's webhook named, and not an order without one", () => {
    const byId: DataSubject = { customerId: "191167", orderIds: [], email: null, phone: null };
    expect(isSubjectsOrder({ ...order("5600000000020", "other@example.com"), customerId: "191167" }, byId)).toBe(true);
    expect(isSubjectsOrder({ ...order("5600000000021", "other@example.com"), customerId: "1911670" }, byId)).toBe(false);
    expect(isSubjectsOrder({ ...order("5600000000022", "other@example.com"), customerId: null }, { ...byId, customerId: null })).toBe(
      false,
    );
  });

  it("matches nothing for a request that names nobody", () => {
    const nobody: DataSubject = { customerId: null, orderIds: [], email: null, phone: " " };
    expect(isSubjectsOrder(order("5600000000001", null, null), nobody)).toBe(false);
    expect(isSubjectsOrder(order("5600000000001", "", ""), nobody)).toBe(false);
  });
});

describe("the same customer in two requests", () => {
  it("by customer id, e-mail, phone or a shared order, never by a part of one", () => {
    const none: DataSubject = { customerId: null, orderIds: [], email: null, phone: null };
    expect(isSameSubject(bob, { ...none, customerId: "191167" })).toBe(true);
    expect(isSameSubject(bob, { ...none, email: "BOB@example.com" })).toBe(true);
    expect(isSameSubject(bob, { ...none, orderIds: ["1", "5600000000001"] })).toBe(true);
    expect(isSameSubject(bob, { ...none, email: "jimbob@example.com", customerId: "19116" })).toBe(false);
    expect(isSameSubject(none, none)).toBe(false);
  });

  it("reads a recorded request's subject, tolerating an unreadable order list", () => {
    const recorded = { shopifyCustomerId: "191167", email: "bob@example.com", phone: null, shopifyOrderIds: '["1","2"]' };
    expect(subjectOfRequest(recorded)).toEqual({ customerId: "191167", orderIds: ["1", "2"], email: "bob@example.com", phone: null });
    expect(readRequestedOrderIds({ shopifyOrderIds: "not json" })).toEqual([]);
  });
});
