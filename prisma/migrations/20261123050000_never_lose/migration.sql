-- AlterTable
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "confirmHash" TEXT;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "confirmedAt" DATETIME;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "pendingExpiresAt" DATETIME;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "pendingHyperskuUserId" TEXT;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "pendingTokenSetSealed" TEXT;
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN "startedByUserId" TEXT;

-- CreateTable
CREATE TABLE "RedactedOrder" (
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "redactedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT NOT NULL,

    PRIMARY KEY ("shop", "shopifyOrderId")
);

-- CreateIndex
CREATE UNIQUE INDEX "HyperskuAuthorizationState_confirmHash_key" ON "HyperskuAuthorizationState"("confirmHash");

