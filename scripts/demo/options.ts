/**
 * The demo's command line, checked before anything starts: an unknown option or a bad value stops
 * it with a sentence naming the option (exit code 2, as command-line tools do), never a stack trace.
 */
import { parseArgs } from "node:util";

export type DemoOptions = { orders: number; speed: number; port: number; dataDir: string; build: boolean; exit: boolean };
export type DemoOptionsResult = { ok: true; options: DemoOptions } | { ok: false; help: true } | { ok: false; help: false; error: string };

export const DEMO_USAGE = `usage: npm run demo -- [options]

  --orders N      orders in the day, a whole number from 6 to 200 (default 10)
  --speed S       how fast the day plays: 1 is the normal pace, 2 twice as fast, 0.5 half as fast
                  (from 0.1 to 100; default 1)
  --port N        the admin's port (default 3000)
  --data-dir DIR  where the demo's database and mail go, wiped at start (default .demo)
  --no-build      reuse build/ instead of building the app
  --exit          stop after the day instead of serving the admin (prints no admin URL)
  --help          this text`;

function numberIn(name: string, text: string, min: number, max: number, whole: boolean): number | string {
  const value = /^\s*$/.test(text) ? Number.NaN : Number(text);
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
    return `--${name} must be ${whole ? "a whole number" : "a number"} from ${min} to ${max}, not "${text}"`;
  }
  return value;
}

export function parseDemoOptions(args: string[]): DemoOptionsResult {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        orders: { type: "string", default: "10" },
        speed: { type: "string", default: "1" },
        port: { type: "string", default: "3000" },
        "data-dir": { type: "string", default: ".demo" },
        "no-build": { type: "boolean", default: false },
        exit: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    // parseArgs' messages name the option ("Unknown option '--sped'"); its hints mention `--`, which
    // npm eats, so only the first sentence is kept.
    return { ok: false, help: false, error: String((error as Error).message).split(/\.(?:\s|$)/)[0] };
  }
  if (values.help) return { ok: false, help: true };
  const orders = numberIn("orders", values.orders, 6, 200, true);
  const speed = numberIn("speed", values.speed, 0.1, 100, false);
  const port = numberIn("port", values.port, 1, 65_535, true);
  const error = [orders, speed, port].find((value) => typeof value === "string");
  if (error !== undefined) return { ok: false, help: false, error: String(error) };
  return {
    ok: true,
    options: {
      orders: orders as number,
      speed: speed as number,
      port: port as number,
      dataDir: values["data-dir"],
      build: !values["no-build"],
      exit: values.exit,
    },
  };
}
