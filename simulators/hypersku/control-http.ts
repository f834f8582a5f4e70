/**
 * The /__sim/ endpoints: the same control surface as `SimulatorControl`, over HTTP, for the CLI and
 * for tests or demos running the simulator in another process. The real API has nothing like it.
 */
import { ControlError, type SimulatorControl } from "./simulator";

export interface ControlReply {
  status: number;
  body: unknown;
}

export function handleControl(control: SimulatorControl, method: string, pathname: string, body: unknown): ControlReply {
  try {
    const ok = (result: unknown): ControlReply => ({ status: 200, body: result });
    const input = (body ?? {}) as Record<string, unknown>;
    const route = `${method} ${pathname}`;
    switch (route) {
      case "POST /__sim/reset":
        control.reset();
        return ok({ ok: true });
      case "GET /__sim/orders":
        return ok(control.orders());
      case "GET /__sim/requests":
        return ok(control.requests());
      case "GET /__sim/config":
        return ok(control.configure({}));
      case "POST /__sim/config":
        return ok(control.configure(input));
      case "GET /__sim/faults":
        return ok(control.faults());
      case "POST /__sim/faults": {
        if (typeof input.operation !== "string") throw new ControlError("operation is required");
        if (!("fault" in input)) throw new ControlError("fault is required (an object, or null to remove)");
        control.setFault(input.operation, input.fault as never);
        return ok(control.faults());
      }
      case "POST /__sim/advance":
        return ok(
          control.advance(parseOrderId(input.orderId), {
            to: input.to as string | number | undefined,
            split: input.split === true,
          }),
        );
      case "POST /__sim/expire-tokens":
        return ok({ expired: control.expireAccessTokens() });
      case "POST /__sim/codes":
        return ok({ code: control.issueAuthorizationCode() });
      case "GET /__sim/catalogue":
        return ok(control.catalogue());
      case "POST /__sim/catalogue/link":
        return ok(
          control.linkProduct({
            storeProductId: requireString(input.storeProductId, "storeProductId"),
            title: requireString(input.title, "title"),
            variants: parseVariants(input.variants) ?? [],
          }),
        );
      case "POST /__sim/catalogue/source":
        return ok(
          control.sourceProduct(requireString(input.storeProductId, "storeProductId"), {
            title: typeof input.title === "string" ? input.title : undefined,
            variants: parseVariants(input.variants),
            skus: Array.isArray(input.skus) ? (input.skus as never) : undefined,
          }),
        );
      case "POST /__sim/catalogue/advance":
        return ok(control.advanceSourcing(parseOrderId(input.productId), { to: input.to as "sourced" | "unavailable" | undefined }));
      case "POST /__sim/catalogue/stock":
        if (input.stock !== null && typeof input.stock !== "number") throw new ControlError("stock must be a number or null");
        return ok(control.setStock(parseSkuId(input.skuId), input.stock));
      case "POST /__sim/catalogue/stop-offering":
        return ok(control.stopOfferingSku(parseSkuId(input.skuId)));
      default:
        return { status: 404, body: { error: `no control endpoint ${route}` } };
    }
  } catch (error) {
    if (error instanceof ControlError) return { status: error.status, body: { error: error.message } };
    throw error;
  }
}

function parseOrderId(value: unknown): number | "all" {
  if (value === "all") return "all";
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  throw new ControlError('orderId (productId) must be an id or "all"');
}

function requireString(value: unknown, name: string): string {
  if (typeof value !== "string" || value === "") throw new ControlError(`${name} is required (a string)`);
  return value;
}

function parseSkuId(value: unknown): number {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  throw new ControlError("skuId must be a SKU id (a number)");
}

function parseVariants(value: unknown): { storeVariantId: string; title: string }[] | undefined {
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    !value.every((variant: unknown) => {
      const candidate = variant as { storeVariantId?: unknown; title?: unknown } | null;
      return typeof candidate?.storeVariantId === "string" && typeof candidate.title === "string";
    })
  ) {
    throw new ControlError("variants must be a list of {storeVariantId, title}");
  }
  return value as { storeVariantId: string; title: string }[];
}
