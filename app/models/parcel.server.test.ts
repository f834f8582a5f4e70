import { createAdminOrder, createParcel } from "../../tests/support/admin-factories";
import { resetDatabase } from "../../tests/support/database";
import { claimParcel, listOrderParcels, releaseParcelClaim, settleClaimedParcel } from "./parcel.server";
import { withTransaction } from "./transactions.server";

const STALE_MS = 2 * 60_000;

async function pendingParcel() {
  const order = await createAdminOrder({ hyperskuStatus: 4 });
  return createParcel(order, { fulfillmentState: "pending" });
}

const stateOf = async (parcel: { orderId: string }) => (await listOrderParcels(parcel.orderId))[0].fulfillmentState;

describe("parcel claims", () => {
  beforeEach(resetDatabase);

  it("lets one run claim a parcel as it was read; a second claim from the same read is refused", async () => {
    const parcel = await pendingParcel();
    const now = new Date();
    const staleBefore = new Date(now.getTime() - STALE_MS);

    expect(await claimParcel(parcel, "pending", "creating", now, staleBefore)).toBe(true);
    expect(await claimParcel(parcel, "pending", "creating", now, staleBefore)).toBe(false);
    expect(await stateOf(parcel)).toBe("creating");
  });

  it("hands a claim over only once it is stale", async () => {
    const parcel = await pendingParcel();
    const claimedAt = new Date();
    expect(await claimParcel(parcel, "pending", "creating", claimedAt, new Date(claimedAt.getTime() - STALE_MS))).toBe(true);

    const soon = new Date(claimedAt.getTime() + 1_000);
    expect(await claimParcel(parcel, "pending", "creating", soon, new Date(soon.getTime() - STALE_MS))).toBe(false);
    const later = new Date(claimedAt.getTime() + STALE_MS + 1_000);
    expect(await claimParcel(parcel, "pending", "creating", later, new Date(later.getTime() - STALE_MS))).toBe(true);
  });

  it("settles or releases a claim only from the state the run holds", async () => {
    const parcel = await pendingParcel();
    const now = new Date();
    await claimParcel(parcel, "pending", "creating", now, new Date(now.getTime() - STALE_MS));

    expect(await withTransaction((tx) => settleClaimedParcel(tx, parcel.id, "updating", { fulfillmentState: "created" }))).toBe(false);
    await releaseParcelClaim(parcel.id, "updating", null);
    expect(await stateOf(parcel)).toBe("creating");

    await releaseParcelClaim(parcel.id, "creating", "Shopify did not answer.");
    expect(await stateOf(parcel)).toBe("pending");
    expect(await withTransaction((tx) => settleClaimedParcel(tx, parcel.id, "pending", { fulfillmentState: "not_needed" }))).toBe(true);
    expect(await stateOf(parcel)).toBe("not_needed");
  });
});
