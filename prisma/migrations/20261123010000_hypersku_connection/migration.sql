-- CreateTable
CREATE TABLE "Shop" (
    "domain" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT,
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "hyperskuStatus" TEXT NOT NULL DEFAULT 'not_connected',
    "hyperskuStatusReason" TEXT,
    "hyperskuStatusAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "HyperskuConnection" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "accessTokenSealed" TEXT NOT NULL,
    "refreshTokenSealed" TEXT,
    "accessTokenExpiresAt" DATETIME,
    "refreshTokenExpiresAt" DATETIME,
    "scope" TEXT,
    "hyperskuUserId" TEXT,
    "connectedAt" DATETIME NOT NULL,
    "lastRefreshedAt" DATETIME,
    "lastSuccessfulCallAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "HyperskuConnection_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop" ("domain") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HyperskuAuthorizationState" (
    "stateHash" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "HyperskuConnection_accessTokenExpiresAt_idx" ON "HyperskuConnection"("accessTokenExpiresAt");

-- CreateIndex
CREATE INDEX "HyperskuAuthorizationState_shop_idx" ON "HyperskuAuthorizationState"("shop");

-- CreateIndex
CREATE INDEX "HyperskuAuthorizationState_expiresAt_idx" ON "HyperskuAuthorizationState"("expiresAt");

