-- The pre-send check's "Send anyway", and what HyperSKU charges per order beside what the customer
-- paid (docs/decisions/0027).
ALTER TABLE "Order" ADD COLUMN "sendAnywayAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "hyperskuGoodsMinor" INTEGER;
ALTER TABLE "Order" ADD COLUMN "hyperskuFreightMinor" INTEGER;
ALTER TABLE "Order" ADD COLUMN "hyperskuCostCurrency" TEXT;
ALTER TABLE "Order" ADD COLUMN "costsReadAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "customerPaidMinor" INTEGER;
ALTER TABLE "Order" ADD COLUMN "customerPaidCurrency" TEXT;

-- CreateIndex
CREATE INDEX "Order_shop_sentAt_costs_idx" ON "Order"("shop", "sentAt", "hyperskuCostCurrency", "customerPaidCurrency", "hyperskuGoodsMinor", "hyperskuFreightMinor", "customerPaidMinor");
