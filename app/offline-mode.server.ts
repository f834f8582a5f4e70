/**
 * Offline mode (tests and `npm run demo`): the app runs against the offline twins. Production never
 * enters this mode; env validation refuses the combination.
 */
import { env } from "./env.server";

export const isOfflineMode = () => env.APP_MODE === "demo" || env.NODE_ENV === "test";
