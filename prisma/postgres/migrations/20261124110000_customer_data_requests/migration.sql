-- customers/data_request (app/domain/privacy/data-request.server.ts): each request Shopify sent, listed
-- on the Privacy page for the merchant to download the customer's data; erased by customers/redact.
-- CreateTable
CREATE TABLE "CustomerDataRequest" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "shopifyRequestId" TEXT,
    "shopifyCustomerId" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "shopifyOrderIds" TEXT NOT NULL DEFAULT '[]',
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "downloadedAt" TIMESTAMP(3),
    "redactedAt" TIMESTAMP(3),

    CONSTRAINT "CustomerDataRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomerDataRequest_shop_receivedAt_idx" ON "CustomerDataRequest"("shop", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerDataRequest_shop_shopifyRequestId_key" ON "CustomerDataRequest"("shop", "shopifyRequestId");

