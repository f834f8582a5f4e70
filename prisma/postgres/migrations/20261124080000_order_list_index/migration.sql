-- CreateIndex
CREATE INDEX "Order_shop_state_flagCode_hyperskuStatus_shopifyCreatedAt_idx" ON "Order"("shop", "state", "flagCode", "hyperskuStatus", "shopifyCreatedAt");

