-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "eventId" TEXT,
    "triggeredAt" DATETIME,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT NOT NULL,
    "problem" TEXT,
    "shopifyOrderId" TEXT
);

-- CreateTable
CREATE TABLE "Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "shopifyCreatedAt" DATETIME NOT NULL,
    "shopifyUpdatedAt" DATETIME,
    "snapshot" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "stateCode" TEXT,
    "stateReason" TEXT,
    "forwardNotBefore" DATETIME,
    "createOutcomeUnknown" BOOLEAN NOT NULL DEFAULT false,
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "lastAttemptAt" DATETIME,
    "lastError" TEXT,
    "nextAttemptAt" DATETIME,
    "hyperskuOrderId" TEXT,
    "hyperskuStatus" INTEGER,
    "hyperskuStatusDesc" TEXT,
    "sentRequest" TEXT,
    "hyperskuResponse" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "outcome" TEXT,
    "message" TEXT,
    "data" TEXT,
    CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "shop" TEXT,
    "subjectId" TEXT,
    "uniqueKey" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 12,
    "lockedBy" TEXT,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Shop" (
    "domain" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT,
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "hyperskuStatus" TEXT NOT NULL DEFAULT 'not_connected',
    "hyperskuStatusReason" TEXT,
    "hyperskuStatusAt" DATETIME,
    "forwardTrigger" TEXT NOT NULL DEFAULT 'paid',
    "holdMinutes" INTEGER NOT NULL DEFAULT 0,
    "skipTestOrders" BOOLEAN NOT NULL DEFAULT true,
    "excludedTags" TEXT NOT NULL DEFAULT '[]',
    "notifyCustomer" BOOLEAN NOT NULL DEFAULT true,
    "platformCode" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Shop" ("createdAt", "domain", "hyperskuStatus", "hyperskuStatusAt", "hyperskuStatusReason", "installedAt", "name", "uninstalledAt", "updatedAt") SELECT "createdAt", "domain", "hyperskuStatus", "hyperskuStatusAt", "hyperskuStatusReason", "installedAt", "name", "uninstalledAt", "updatedAt" FROM "Shop";
DROP TABLE "Shop";
ALTER TABLE "new_Shop" RENAME TO "Shop";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_webhookId_key" ON "WebhookDelivery"("webhookId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_shop_receivedAt_idx" ON "WebhookDelivery"("shop", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_shop_topic_eventId_key" ON "WebhookDelivery"("shop", "topic", "eventId");

-- CreateIndex
CREATE INDEX "Order_shop_shopifyCreatedAt_idx" ON "Order"("shop", "shopifyCreatedAt");

-- CreateIndex
CREATE INDEX "Order_shop_state_shopifyCreatedAt_idx" ON "Order"("shop", "state", "shopifyCreatedAt");

-- CreateIndex
CREATE INDEX "Order_shop_name_idx" ON "Order"("shop", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Order_shop_shopifyOrderId_key" ON "Order"("shop", "shopifyOrderId");

-- CreateIndex
CREATE INDEX "OrderEvent_orderId_at_idx" ON "OrderEvent"("orderId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "Job_uniqueKey_key" ON "Job"("uniqueKey");

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_shop_status_idx" ON "Job"("shop", "status");

-- CreateIndex
CREATE INDEX "Job_subjectId_idx" ON "Job"("subjectId");

