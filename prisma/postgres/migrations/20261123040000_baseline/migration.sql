-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shop" (
    "domain" TEXT NOT NULL,
    "name" TEXT,
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" TIMESTAMP(3),
    "hyperskuStatus" TEXT NOT NULL DEFAULT 'not_connected',
    "hyperskuStatusReason" TEXT,
    "hyperskuStatusAt" TIMESTAMP(3),
    "forwardTrigger" TEXT NOT NULL DEFAULT 'paid',
    "holdMinutes" INTEGER NOT NULL DEFAULT 0,
    "skipTestOrders" BOOLEAN NOT NULL DEFAULT true,
    "excludedTags" TEXT NOT NULL DEFAULT '[]',
    "notifyCustomer" BOOLEAN NOT NULL DEFAULT true,
    "platformCode" INTEGER,
    "lastReconciledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shop_pkey" PRIMARY KEY ("domain")
);

-- CreateTable
CREATE TABLE "HyperskuConnection" (
    "shop" TEXT NOT NULL,
    "accessTokenSealed" TEXT NOT NULL,
    "refreshTokenSealed" TEXT,
    "accessTokenExpiresAt" TIMESTAMP(3),
    "refreshTokenExpiresAt" TIMESTAMP(3),
    "scope" TEXT,
    "hyperskuUserId" TEXT,
    "connectedAt" TIMESTAMP(3) NOT NULL,
    "lastRefreshedAt" TIMESTAMP(3),
    "lastSuccessfulCallAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HyperskuConnection_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "HyperskuAuthorizationState" (
    "stateHash" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HyperskuAuthorizationState_pkey" PRIMARY KEY ("stateHash")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "eventId" TEXT,
    "triggeredAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT NOT NULL,
    "problem" TEXT,
    "shopifyOrderId" TEXT,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Order" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "shopifyCreatedAt" TIMESTAMP(3) NOT NULL,
    "shopifyUpdatedAt" TIMESTAMP(3),
    "snapshot" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "stateCode" TEXT,
    "stateReason" TEXT,
    "forwardNotBefore" TIMESTAMP(3),
    "createOutcomeUnknown" BOOLEAN NOT NULL DEFAULT false,
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "lastAttemptAt" TIMESTAMP(3),
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3),
    "hyperskuOrderId" TEXT,
    "hyperskuStatus" INTEGER,
    "hyperskuStatusDesc" TEXT,
    "sentRequest" TEXT,
    "hyperskuResponse" TEXT,
    "sentAt" TIMESTAMP(3),
    "flagCode" TEXT,
    "flagReason" TEXT,
    "nextSyncAt" TIMESTAMP(3),
    "lastSyncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "outcome" TEXT,
    "message" TEXT,
    "data" TEXT,

    CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "shop" TEXT,
    "subjectId" TEXT,
    "uniqueKey" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 12,
    "lockedBy" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Parcel" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Parcel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Backfill" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "createdFrom" TIMESTAMP(3) NOT NULL,
    "createdTo" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "queued" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "skippedReasons" TEXT NOT NULL DEFAULT '{}',
    "cursor" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Backfill_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE INDEX "HyperskuConnection_accessTokenExpiresAt_idx" ON "HyperskuConnection"("accessTokenExpiresAt");

-- CreateIndex
CREATE INDEX "HyperskuAuthorizationState_shop_idx" ON "HyperskuAuthorizationState"("shop");

-- CreateIndex
CREATE INDEX "HyperskuAuthorizationState_expiresAt_idx" ON "HyperskuAuthorizationState"("expiresAt");

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
CREATE INDEX "Order_nextSyncAt_idx" ON "Order"("nextSyncAt");

-- CreateIndex
CREATE INDEX "Order_shop_hyperskuStatus_shopifyCreatedAt_idx" ON "Order"("shop", "hyperskuStatus", "shopifyCreatedAt");

-- CreateIndex
CREATE INDEX "Order_shop_flagCode_idx" ON "Order"("shop", "flagCode");

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

-- CreateIndex
CREATE INDEX "Parcel_shop_fulfillmentState_idx" ON "Parcel"("shop", "fulfillmentState");

-- CreateIndex
CREATE UNIQUE INDEX "Parcel_orderId_parcelKey_key" ON "Parcel"("orderId", "parcelKey");

-- CreateIndex
CREATE INDEX "Backfill_shop_createdAt_idx" ON "Backfill"("shop", "createdAt");

-- AddForeignKey
ALTER TABLE "HyperskuConnection" ADD CONSTRAINT "HyperskuConnection_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Parcel" ADD CONSTRAINT "Parcel_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

