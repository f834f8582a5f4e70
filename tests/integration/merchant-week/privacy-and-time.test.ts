/**
 * A merchant's week, part 4: a customer asks for their data and then to be forgotten (Shopify's
 * compliance webhooks, delivered to the production server), and the costs card's "Today" in a shop
 * whose day skips midnight (Santiago, the morning clocks go forward).
 */
import { getCostsSummary } from "~/domain/costs/costs-summary.server";
import prisma from "~/models/db/client.server";
import { buildRestAddress, buildRestOrder, type JsonObject } from "../../../simulators/harness/order-payloads";
import { withMerchantWeek, type Week } from "../../support/merchant-week";

let week: Week;
withMerchantWeek((played) => (week = played));

function orderBy(email: string, phone: string, name: string) {
  const [first, last] = name.split(" ");
  return buildRestOrder({
    overrides: {
      email,
      contact_email: email,
      phone,
      note: `Gift: ring ${name} on ${phone} at the door`,
      shipping_address: buildRestAddress({ first_name: first, last_name: last, name, phone }),
    },
  });
}

describe("a customer's data request", () => {
  it("can be answered: the merchant downloads exactly that customer's data, until the customer is redacted", async () => {
    const shop = await week.openShop();
    const bob = orderBy("bob@example.com", "+1 206-555-0100", "Bob Stone");
    const jimbob = orderBy("jimbob@example.com", "+1 206-555-01009", "Jim Bob");
    week.place(shop, bob);
    week.place(shop, jimbob);
    await week.settle();

    const customer = { id: (bob.customer as JsonObject).id as number, email: "bob@example.com", phone: "+12065550100" };
    week.shopify.requestCustomerData(shop, customer, [bob.id as number]);
    await week.settle();

    // Bob's order says where the answer is, and that place has it.
    const bobRecord = await week.record(shop, String(bob.id));
    expect(await week.pageText(shop, `/app/orders/${bobRecord.id}`)).toContain("ring Bob Stone");
    const note = await prisma.orderEvent.findFirstOrThrow({ where: { orderId: bobRecord.id, kind: "privacy" } });
    expect(note.message).toMatch(/Download it in this app under (.+) and send it to the customer\./);
    expect(await week.pageText(shop, "/app/privacy")).toContain("bob@example.com");
    const request = await prisma.customerDataRequest.findFirstOrThrow({ where: { shop } });
    const download = await week.fetchAs(shop, `/app/privacy/${request.id}/download?format=json`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    const exported = await download.text();
    expect(exported).toContain(String(bob.name));
    expect(exported).toContain("Bob");
    expect(exported).not.toContain("jimbob@example.com");
    expect(exported).not.toContain(String(jimbob.name));
    // Another shop's staff cannot read it.
    const other = await week.openShop();
    expect((await week.fetchAs(other, `/app/privacy/${request.id}/download?format=json`)).status).toBe(404);

    // Shopify names the customer by id only here (their e-mail and phone were already deleted in
    // Shopify, the order is not listed): the order the app holds for that id is still found.
    week.shopify.redactCustomer(shop, { id: customer.id, email: null, phone: null }, []);
    await week.settle();
    expect((await week.fetchAs(shop, `/app/privacy/${request.id}/download?format=json`)).status).toBe(410);
    expect(JSON.parse((await week.record(shop, String(bob.id))).snapshot).email).toBeNull();
    // Nothing of Bob on his order's page any more: not his name, not his phone, not the note that held both.
    const bobPage = await week.pageText(shop, `/app/orders/${bobRecord.id}`);
    expect(bobPage).not.toMatch(/Bob Stone|206-555-0100|ring Bob/);
    // Jimbob is someone else: his order keeps his data and is untouched.
    const jimbobRecord = await week.record(shop, String(jimbob.id));
    expect(JSON.parse(jimbobRecord.snapshot).email).toBe("jimbob@example.com");
  });
});

describe("Today on the costs card", () => {
  it("starts at Santiago's first instant of the day when clocks skip midnight", async () => {
    const shop = await week.openShop();
    const [lateYesterday, thisMorning] = [buildRestOrder(), buildRestOrder()];
    week.place(shop, lateYesterday);
    week.place(shop, thisMorning);
    await week.settle();
    await prisma.shop.update({ where: { domain: shop }, data: { timezone: "America/Santiago" } });
    // 2026-09-06: Santiago's clocks go from 00:00 to 01:00 (UTC-4 to UTC-3), so the day starts at 04:00Z.
    // 03:30Z is 23:30 on the 5th there.
    await prisma.order.update({
      where: { id: (await week.record(shop, String(lateYesterday.id))).id },
      data: { sentAt: new Date("2026-09-06T03:30:00Z") },
    });
    await prisma.order.update({
      where: { id: (await week.record(shop, String(thisMorning.id))).id },
      data: { sentAt: new Date("2026-09-06T04:30:00Z") },
    });
    const [today] = await getCostsSummary(shop, new Date("2026-09-06T15:00:00Z"));
    expect(today.key).toBe("today");
    expect(today.orders).toBe("1");
  });
});
