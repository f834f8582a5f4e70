-- The orders list as a pipeline (issue 19): search keys copied from the stored snapshot (lower-cased
-- customer name and e-mail), whether Shopify cancelled the order, and the indexes that keep the
-- stage counts and each search key on an index at 100,000 orders per shop.
ALTER TABLE "Order" ADD COLUMN "customerName" TEXT;
ALTER TABLE "Order" ADD COLUMN "customerEmail" TEXT;
ALTER TABLE "Order" ADD COLUMN "shopifyCancelled" BOOLEAN NOT NULL DEFAULT false;

-- Orders stored before this migration: the same values app/models/order.server.ts now writes.
-- A redacted snapshot holds blanks, so its keys stay empty.
UPDATE "Order" SET
  "customerEmail" = NULLIF(lower(trim(coalesce(json_extract("snapshot", '$.email'), ''))), ''),
  "customerName" = NULLIF(lower(trim(trim(coalesce(json_extract("snapshot", '$.shippingAddress.firstName'), '')) || ' ' || trim(coalesce(json_extract("snapshot", '$.shippingAddress.lastName'), '')))), ''),
  "shopifyCancelled" = json_extract("snapshot", '$.cancelledAt') IS NOT NULL;

CREATE INDEX "Order_shop_state_hyperskuStatus_flagCode_id_idx" ON "Order"("shop", "state", "hyperskuStatus", "flagCode", "id");
CREATE INDEX "Order_shop_customerName_idx" ON "Order"("shop", "customerName");
CREATE INDEX "Order_shop_customerEmail_idx" ON "Order"("shop", "customerEmail");
CREATE INDEX "Order_shop_hyperskuOrderId_idx" ON "Order"("shop", "hyperskuOrderId");
CREATE INDEX "Parcel_shop_trackingNumber_idx" ON "Parcel"("shop", "trackingNumber");
