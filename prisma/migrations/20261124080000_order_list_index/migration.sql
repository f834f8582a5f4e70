-- The orders list reads each point of a pipeline stage (one state, flag or none, one HyperSKU
-- status) already in date order: a tab's first page is 51 index entries per point instead of the
-- whole tab sorted (Shipped: ~25,000 rows at 100,000 orders). docs/decisions/0028-orders-list-reads.md
CREATE INDEX "Order_shop_state_flagCode_hyperskuStatus_shopifyCreatedAt_idx" ON "Order"("shop", "state", "flagCode", "hyperskuStatus", "shopifyCreatedAt");
