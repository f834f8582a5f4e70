-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "customerPhone" TEXT;

-- Orders stored before this migration (added by hand: the same value app/models/order.server.ts writes,
-- the snapshot's phone as digits only).
UPDATE "Order" SET "customerPhone" = NULLIF(regexp_replace(coalesce("snapshot"::jsonb ->> 'phone', ''), '[^0-9]', '', 'g'), '');

-- CreateIndex
-- Fewer than six digits is not a phone anyone could be found by (phoneKey).
UPDATE "Order" SET "customerPhone" = NULL WHERE length("customerPhone") < 6;

CREATE INDEX "Order_shop_customerPhone_idx" ON "Order"("shop", "customerPhone");

