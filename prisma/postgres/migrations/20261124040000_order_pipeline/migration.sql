-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "customerEmail" TEXT,
ADD COLUMN     "customerName" TEXT,
ADD COLUMN     "shopifyCancelled" BOOLEAN NOT NULL DEFAULT false;

-- Orders stored before this migration (added by hand: the same values app/models/order.server.ts writes).
UPDATE "Order" SET
  "customerEmail" = NULLIF(lower(trim(coalesce("snapshot"::jsonb ->> 'email', ''))), ''),
  "customerName" = NULLIF(lower(trim(trim(coalesce("snapshot"::jsonb -> 'shippingAddress' ->> 'firstName', '')) || ' ' || trim(coalesce("snapshot"::jsonb -> 'shippingAddress' ->> 'lastName', '')))), ''),
  "shopifyCancelled" = ("snapshot"::jsonb ->> 'cancelledAt') IS NOT NULL;

-- CreateIndex
CREATE INDEX "Order_shop_state_hyperskuStatus_flagCode_id_idx" ON "Order"("shop", "state", "hyperskuStatus", "flagCode", "id");

-- CreateIndex
CREATE INDEX "Order_shop_customerName_idx" ON "Order"("shop", "customerName");

-- CreateIndex
CREATE INDEX "Order_shop_customerEmail_idx" ON "Order"("shop", "customerEmail");

-- CreateIndex
CREATE INDEX "Order_shop_hyperskuOrderId_idx" ON "Order"("shop", "hyperskuOrderId");

-- CreateIndex
CREATE INDEX "Parcel_shop_trackingNumber_idx" ON "Parcel"("shop", "trackingNumber");

