-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "costsReadAt" TIMESTAMP(3),
ADD COLUMN     "customerPaidCurrency" TEXT,
ADD COLUMN     "customerPaidMinor" INTEGER,
ADD COLUMN     "hyperskuCostCurrency" TEXT,
ADD COLUMN     "hyperskuFreightMinor" INTEGER,
ADD COLUMN     "hyperskuGoodsMinor" INTEGER,
ADD COLUMN     "sendAnywayAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Order_shop_sentAt_costs_idx" ON "Order"("shop", "sentAt", "hyperskuCostCurrency", "customerPaidCurrency", "hyperskuGoodsMinor", "hyperskuFreightMinor", "customerPaidMinor");

