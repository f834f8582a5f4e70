/** Every line the app logs in a test file, at every level, kept in memory so a test can prove what never reaches the logs. */
import { logger, setLogDestination } from "~/logger.server";

export const capturedLogLines: string[] = [];

export function captureLogs() {
  logger.level = "trace";
  setLogDestination({
    write(line: string) {
      capturedLogLines.push(line);
      if (capturedLogLines.length > 5_000) capturedLogLines.splice(0, 1_000);
    },
  });
}
