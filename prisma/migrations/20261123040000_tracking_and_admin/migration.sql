-- AlterTable
ALTER TABLE "Order" ADD COLUMN "flagCode" TEXT;
ALTER TABLE "Order" ADD COLUMN "flagReason" TEXT;
ALTER TABLE "Order" ADD COLUMN "lastSyncedAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "nextSyncAt" DATETIME;

-- CreateTable
CREATE TABLE "Parcel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "parcelKey" TEXT NOT NULL,
    "trackingCompany" TEXT,
    "trackingNumber" TEXT,
    "trackingUrl" TEXT,
    "items" TEXT NOT NULL,
    "status" TEXT,
    "fulfillmentState" TEXT NOT NULL DEFAULT 'pending',
    "shopifyFulfillmentId" TEXT,
    "fulfillmentError" TEXT,
    "syncedTracking" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Parcel_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Backfill" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "createdFrom" DATETIME NOT NULL,
    "createdTo" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "queued" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "skippedReasons" TEXT NOT NULL DEFAULT '{}',
    "cursor" TEXT,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "Parcel_shop_fulfillmentState_idx" ON "Parcel"("shop", "fulfillmentState");

-- CreateIndex
CREATE UNIQUE INDEX "Parcel_orderId_parcelKey_key" ON "Parcel"("orderId", "parcelKey");

-- CreateIndex
CREATE INDEX "Backfill_shop_createdAt_idx" ON "Backfill"("shop", "createdAt");

-- CreateIndex
CREATE INDEX "Order_nextSyncAt_idx" ON "Order"("nextSyncAt");

-- CreateIndex
CREATE INDEX "Order_shop_hyperskuStatus_shopifyCreatedAt_idx" ON "Order"("shop", "hyperskuStatus", "shopifyCreatedAt");

-- CreateIndex
CREATE INDEX "Order_shop_flagCode_idx" ON "Order"("shop", "flagCode");

