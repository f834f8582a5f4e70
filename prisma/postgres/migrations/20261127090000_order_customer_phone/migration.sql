-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "customerPhone" TEXT;
ALTER TABLE "Order" ADD COLUMN     "shopifyCustomerId" TEXT;

-- Orders stored before this migration (added by hand: the same value app/models/order.server.ts writes,
-- the snapshot's phone as digits only).
UPDATE "Order" SET "customerPhone" = NULLIF(regexp_replace(coalesce("snapshot"::jsonb ->> 'phone', ''), '[^0-9]', '', 'g'), '');

-- Fewer than six digits is not a phone anyone could be found by (phoneKey).
UPDATE "Order" SET "customerPhone" = NULL WHERE length("customerPhone") < 6;

-- CreateIndex
CREATE INDEX "Order_shop_customerPhone_idx" ON "Order"("shop", "customerPhone");

-- The customer id comes only with snapshots stored from now on (older ones never held it).
CREATE INDEX "Order_shop_shopifyCustomerId_idx" ON "Order"("shop", "shopifyCustomerId");

