/** The order operations of the contract table: create, look up, change the address, cancel. */
import { agentProblems } from "../agent-checks";
import { advanceContext } from "./lifecycle-context";
import { closeOrder } from "../lifecycle";
import { buildOrder, mapAddress } from "../order-builder";
import { BUSINESS, businessError, success, type Reply } from "../responses";
import { drawStock } from "../private-products";
import { catalogueOf, findOrder } from "../state";
import { CHANGEABLE_STATUSES, statusName } from "../statuses";
import type { StoredOrder } from "../types";
import {
  externalOrderIdRequestSchema,
  externalOrderSchema,
  orderIdsRequestSchema,
  parsePositiveIntParam,
  updateAddressRequestSchema,
  validate,
} from "../validation";
import type { OperationContext } from "./context";
import { paged, readPage } from "./products";

export function createOrderFromExternal(ctx: OperationContext): Reply {
  const parsed = validate(externalOrderSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const input = parsed.value;
  if (ctx.options.agentChecks === "enforce") {
    const problems = agentProblems(input);
    if (problems.length > 0)
      return businessError(ctx.options, BUSINESS.invalidRequest, `The agent cannot fulfil this order: ${problems.join("; ")}`);
  }

  const existing = ctx.state.orders.find(
    (stored) => stored.storeCode === input.storeCode && stored.order.orderBaseInfo.storeOrderId === input.storeOrderId,
  );
  if (existing && ctx.options.duplicateCreate === "return-existing") return success(ctx.options, existing.order);
  if (existing && ctx.options.duplicateCreate === "reject") {
    return businessError(
      ctx.options,
      BUSINESS.conflict,
      `storeOrderId ${input.storeOrderId} of storeCode ${input.storeCode} already exists as order ${existing.order.orderBaseInfo.orderId}`,
    );
  }

  const order = buildOrder(input, {
    orderId: ctx.state.nextOrderId++,
    nextItemId: () => ctx.state.nextItemId++,
    now: ctx.now,
    catalogue: catalogueOf(ctx.state),
  });
  const stored = { storeCode: input.storeCode, stateSince: ctx.now.getTime(), order };
  // A late commit (commitAfterMs fault): nothing, duplicate checks included, sees it before its time,
  // so a create sent again meanwhile makes a second order, as the real late commit would (issue 14, item 7).
  if (ctx.commitAt !== undefined) (ctx.state.pending ??= []).push({ visibleAt: ctx.commitAt, stored });
  else ctx.state.orders.push(stored);
  drawStock(catalogueOf(ctx.state), order.orderItemInfos, ctx.now);
  ctx.changed();
  return success(ctx.options, order);
}

export function getOrdersByExternalOrderId(ctx: OperationContext): Reply {
  const parsed = validate(externalOrderIdRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const { storeCode, storeOrderId } = parsed.value;
  const matches = ctx.state.orders.filter(
    (stored) => stored.storeCode === storeCode && stored.order.orderBaseInfo.storeOrderId === storeOrderId,
  );
  return success(
    ctx.options,
    matches.map((stored) => stored.order),
  );
}

/** Unknown ids are left out of the answer rather than failing the whole batch. */
export function getOrdersStatus(ctx: OperationContext): Reply {
  const parsed = validate(orderIdsRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const rows = parsed.value.flatMap((orderId) => {
    const stored = findOrder(ctx.state, orderId);
    if (!stored) return [];
    const { status, statusDesc, storeOrderId } = stored.order.orderBaseInfo;
    return [{ orderId, status, statusDesc, storeOrderId }];
  });
  return success(ctx.options, rows);
}

export function listOrderByStoreOrderId(ctx: OperationContext): Reply {
  const rows = ctx.state.orders
    .filter((stored) => stored.order.orderBaseInfo.storeOrderId === ctx.params.storeOrderId)
    .map((stored) => stored.order);
  return success(ctx.options, { total: rows.length, rows });
}

export function updateOrderAddress(ctx: OperationContext): Reply {
  const parsed = validate(updateAddressRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const found = requireChangeable(ctx, parsed.value.orderId, "its address can no longer be changed");
  if ("reply" in found) return found.reply;
  found.stored.order.orderAddressInfo = mapAddress(parsed.value);
  ctx.changed();
  return success(ctx.options, found.stored.order.orderAddressInfo);
}

export function cancelOrder(ctx: OperationContext): Reply {
  const raw = ctx.query.get("orderId");
  const orderId = parsePositiveIntParam(raw);
  if (orderId === undefined) {
    const problem = raw === null ? "is required" : "must be a positive whole number";
    return businessError(ctx.options, BUSINESS.invalidRequest, `orderId ${problem}`);
  }
  const found = requireChangeable(ctx, orderId, "it can no longer be cancelled");
  if ("reply" in found) return found.reply;
  closeOrder(found.stored, advanceContext(ctx));
  ctx.changed();
  const { status, statusDesc } = found.stored.order.orderBaseInfo;
  return success(ctx.options, { orderId, status, statusDesc });
}

/** Stock orders (merchant inventory held at HyperSKU) are not simulated: always an empty page. */
/** Stock orders placed with `create`, newest first, a page at a time. */
export function getStockOrderInfo(ctx: OperationContext): Reply {
  const page = readPage(ctx.query);
  if ("problem" in page) return businessError(ctx.options, BUSINESS.invalidRequest, page.problem);
  return success(ctx.options, paged([...(ctx.state.stockOrders ?? [])].reverse(), page));
}

function requireChangeable(ctx: OperationContext, orderId: number, refusal: string): { stored: StoredOrder } | { reply: Reply } {
  const stored = findOrder(ctx.state, orderId);
  if (!stored) return { reply: businessError(ctx.options, BUSINESS.notFound, `orderId ${orderId} does not exist`) };
  const status = stored.order.orderBaseInfo.status;
  if (!CHANGEABLE_STATUSES.has(status)) {
    return {
      reply: businessError(ctx.options, BUSINESS.conflict, `order ${orderId} is ${statusName(status)}; ${refusal}`),
    };
  }
  return { stored };
}
