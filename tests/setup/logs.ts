// The app's log lines stay in memory for the tests to read (tests/support/logs.ts) instead of reaching stdout.
import { captureLogs } from "../support/logs";

captureLogs();
