/**
 * The pinned Shopify CLI builds the order-details extension offline, and the build leaves every
 * committed file as it is (it rewrites the extension's shopify.d.ts, which is therefore committed in
 * the CLI's own form; dist/ and manifest.json are ignored).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const EXTENSION = path.resolve("extensions/hypersku-order-block");
const GENERATED_TYPES = path.join(EXTENSION, "shopify.d.ts");

describe("shopify app build", () => {
  it("bundles the extension and leaves shopify.d.ts as committed", async () => {
    const committedTypes = fs.readFileSync(GENERATED_TYPES, "utf8");
    fs.rmSync(path.join(EXTENSION, "dist"), { recursive: true, force: true });
    try {
      const { stdout } = await promisify(execFile)(
        "npx",
        ["shopify", "app", "build", "--path", process.cwd(), "--skip-dependencies-installation"],
        {
          env: { ...process.env, SHOPIFY_CLI_NO_ANALYTICS: "1", CI: "1" },
          timeout: 120_000,
        },
      );
      expect(stdout).toContain("successfully built");
      expect(fs.readdirSync(path.join(EXTENSION, "dist")).some((file) => file.endsWith(".js"))).toBe(true);
      expect(fs.readFileSync(GENERATED_TYPES, "utf8")).toBe(committedTypes);
    } finally {
      fs.writeFileSync(GENERATED_TYPES, committedTypes);
    }
  }, 180_000);
});
