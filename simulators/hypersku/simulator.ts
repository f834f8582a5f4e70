/**
 * The simulator without HTTP: options, state, faults, request log, persistence and the clock-driven
 * lifecycle, plus the in-process control surface. server.ts wires it to sockets.
 */
import { CREATE_ONLY_FAULTS, FaultRegistry, faultSchema, type Fault } from "./faults";
import { AdvanceError, advanceOrder, canSplit, type AdvanceRequest } from "./lifecycle";
import { checkAuthorization, expireAccessTokens, issueCode } from "./operations/auth";
import { advanceContext } from "./operations/lifecycle-context";
import { DEFAULT_OPTIONS, parsePartialOptions, pickRuntimeOptions, type RuntimeOptions, type SimulatorOptions } from "./options";
import { StateWriter, loadStateFile, type PersistedSimulator } from "./persistence";
import { RequestLog, type RequestLogEntry } from "./request-log";
import type { Reply } from "./responses";
import { createRng, type Rng } from "./rng";
import { OPERATION_NAMES, type Route } from "./routes";
import { catalogueOf, commitDueOrders, createEmptyState, findOrder, type SimulatorState } from "./state";
import {
  advanceSourcing,
  CatalogueError,
  findProduct,
  linkProduct,
  productInfo,
  setStock,
  sourceProduct,
  SOURCING,
  stopOfferingSku,
  type CatalogueSku,
  type LinkedVariant,
} from "./private-products";
import { nextStatus } from "./statuses";
import type { Order } from "./types";

export interface SimulatorControl {
  /** Forgets orders, tokens, codes, counters, faults and the request log; keeps the options. */
  reset(): void;
  /** Changes options while running; returns the options now in force. */
  configure(options: Partial<RuntimeOptions>): RuntimeOptions;
  /** Sets (or with null removes) the fault of one operation, or of every API operation with "*". */
  setFault(operation: string, fault: Fault | null): void;
  faults(): Record<string, Fault>;
  /** Moves one order, or every unfinished order, one state or up to `to`; returns the orders moved. */
  advance(orderId: number | "all", request?: AdvanceRequest): Order[];
  /** Makes every issued access token expired (refresh tokens stay valid); returns how many. */
  expireAccessTokens(): number;
  /** Every committed order; a late commit (`commitAfterMs`) appears once its time has come. */
  orders(): Order[];
  requests(): RequestLogEntry[];
  /** A fresh authorization code, as if the user had approved on the authorization page. */
  issueAuthorizationCode(): string;
  /** Every private product, as getPrivateProduct answers it (ProductInfoDto). */
  catalogue(): PrivateProductInfo[];
  /** Links a store product HyperSKU has not sourced yet (Not Sourced); an existing link is returned as is. */
  linkProduct(link: { storeProductId: string; title: string; variants: LinkedVariant[] }): PrivateProductInfo;
  /**
   * Sources a store product at once: a SKU for each linked variant without one (`skus` may set cost,
   * stock, countries per `storeVariantId`). A demo-catalogue product is linked on the way if it is not.
   */
  sourceProduct(
    storeProductId: string,
    options?: { title?: string; variants?: LinkedVariant[]; skus?: Partial<CatalogueSku>[] },
  ): PrivateProductInfo;
  /** Moves one product, or every one still being sourced, a step: Not Sourced -> Sourcing -> Sourced (or `to`). */
  advanceSourcing(productId: number | "all", request?: { to?: "sourced" | "unavailable" }): PrivateProductInfo[];
  /** Units HyperSKU holds for the merchant; null: none held (bought per order). */
  setStock(skuId: number, stock: number | null): PrivateProductInfo;
  /** HyperSKU stops offering a SKU: it stays listed (skuStatus 0), quotes and stock orders refuse it. */
  stopOfferingSku(skuId: number): PrivateProductInfo;
}

type PrivateProductInfo = ReturnType<typeof productInfo>;

/** A control command that cannot be carried out (bad input); `status` is the HTTP status to answer. */
export class ControlError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export class Simulator {
  options: SimulatorOptions;
  state: SimulatorState;
  rng: Rng;
  readonly faults = new FaultRegistry();
  readonly log = new RequestLog();
  private readonly writer: StateWriter | undefined;
  private autoTimer: NodeJS.Timeout | undefined;

  constructor(overrides: Partial<SimulatorOptions>) {
    const { port, stateFile, ...runtime } = withoutUndefined(overrides);
    const explicit = parsePartialOptions(runtime);
    const saved = stateFile ? loadStateFile(stateFile) : undefined;
    // Explicit start options win over saved ones, which win over defaults: the CLI passes its
    // environment each time, while settings changed through /__sim/config survive a restart.
    this.options = { ...DEFAULT_OPTIONS, ...saved?.options, ...explicit, port: port ?? 0, stateFile };
    this.state = saved?.state ?? createEmptyState();
    this.rng = createRng(this.options.seed);
    this.writer = stateFile ? new StateWriter(stateFile, () => this.snapshot()) : undefined;
    this.scheduleAutoAdvance();
  }

  changed(): void {
    this.writer?.markDirty();
  }

  snapshot(): PersistedSimulator {
    return { version: 1, options: pickRuntimeOptions(this.options), state: this.state };
  }

  /** Why the Authorization header is refused, or undefined when it carries a live token. */
  authorizationProblem(header: string | undefined): string | undefined {
    return checkAuthorization(this.state, this.options, header, Date.now());
  }

  run(route: Route, request: { body: unknown; params: Record<string, string>; query: URLSearchParams; commitAt?: number }): Reply {
    const now = new Date();
    this.commitDue(now);
    return route.handler({
      ...request,
      options: this.options,
      state: this.state,
      rng: this.rng,
      now,
      changed: () => this.changed(),
    });
  }

  /** Late commits (`commitAfterMs`) whose time has come become orders; checked before anything reads them. */
  commitDue(now = new Date()): void {
    if (commitDueOrders(this.state, now.getTime())) this.changed();
  }

  issueCode(): string {
    const code = issueCode(this.state, this.options, Date.now());
    this.changed();
    return code;
  }

  stop(): void {
    if (this.autoTimer) clearInterval(this.autoTimer);
    this.autoTimer = undefined;
    this.writer?.close();
  }

  readonly control: SimulatorControl = {
    reset: () => {
      this.state = createEmptyState();
      this.faults.clear();
      this.log.clear();
      this.rng = createRng(this.options.seed);
      this.changed();
    },
    configure: (partial) => {
      const parsed = this.guard(() => parsePartialOptions(partial));
      this.options = { ...this.options, ...parsed };
      if (parsed.seed !== undefined) this.rng = createRng(parsed.seed);
      if (parsed.autoAdvanceMs !== undefined) this.scheduleAutoAdvance();
      this.changed();
      return pickRuntimeOptions(this.options);
    },
    setFault: (operation, fault) => {
      if (operation !== "*" && !OPERATION_NAMES.includes(operation)) {
        throw new ControlError(`unknown operation "${operation}"; use one of ${OPERATION_NAMES.join(", ")} or "*"`);
      }
      const parsed = fault === null ? null : faultSchema.safeParse(fault);
      if (parsed && !parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ControlError(`invalid fault ${issue.path.join(".") || "value"}: ${issue.message}`);
      }
      const createOnly = parsed ? CREATE_ONLY_FAULTS.filter((name) => parsed.data[name] !== undefined) : [];
      if (createOnly.length > 0 && operation !== "createOrderFromExternal") {
        throw new ControlError(`invalid fault ${createOnly[0]}: only for createOrderFromExternal, not "${operation}"`);
      }
      this.faults.set(operation, parsed ? parsed.data : null);
    },
    faults: () => this.faults.list(),
    advance: (orderId, request = {}) => this.advance(orderId, request),
    expireAccessTokens: () => {
      const count = expireAccessTokens(this.state, Date.now());
      this.changed();
      return count;
    },
    orders: () => {
      this.commitDue();
      return structuredClone(this.state.orders.map((stored) => stored.order));
    },
    requests: () => this.log.list(),
    issueAuthorizationCode: () => this.issueCode(),
    catalogue: () => structuredClone(catalogueOf(this.state).map(productInfo)),
    linkProduct: (link) => this.catalogueCommand(() => linkProduct(catalogueOf(this.state), link, new Date())),
    sourceProduct: (storeProductId, options = {}) =>
      this.catalogueCommand(() => sourceProduct(catalogueOf(this.state), storeProductId, options, new Date())),
    advanceSourcing: (productId, request = {}) => this.advanceSourcing(productId, request.to),
    setStock: (skuId, stock) =>
      this.catalogueCommand(() => {
        setStock(catalogueOf(this.state), skuId, stock, new Date());
        return this.productOfSku(skuId);
      }),
    stopOfferingSku: (skuId) =>
      this.catalogueCommand(() => {
        stopOfferingSku(catalogueOf(this.state), skuId, new Date());
        return this.productOfSku(skuId);
      }),
  };

  private productOfSku(skuId: number) {
    return catalogueOf(this.state).find((product) => product.skus.some((sku) => sku.skuId === skuId))!;
  }

  /** Runs a catalogue change, saves it, and answers the product as getProductInfo would. */
  private catalogueCommand(action: () => Parameters<typeof productInfo>[0]): PrivateProductInfo {
    const product = this.catalogueGuard(action);
    this.changed();
    return structuredClone(productInfo(product));
  }

  private advanceSourcing(productId: number | "all", to?: "sourced" | "unavailable"): PrivateProductInfo[] {
    if (to !== undefined && to !== "sourced" && to !== "unavailable") throw new ControlError('to must be "sourced" or "unavailable"');
    const catalogue = catalogueOf(this.state);
    const now = new Date();
    if (productId !== "all") {
      const product = findProduct(catalogue, productId);
      if (!product) throw new ControlError(`product ${productId} does not exist`, 404);
      return [this.catalogueCommand(() => (advanceSourcing(product, now, to), product))];
    }
    const waiting = catalogue.filter(
      (product) => product.sourcingStatus === SOURCING.notSourced || product.sourcingStatus === SOURCING.sourcing,
    );
    for (const product of waiting) advanceSourcing(product, now, to);
    this.changed();
    return structuredClone(waiting.map(productInfo));
  }

  private catalogueGuard<T>(action: () => T): T {
    try {
      return action();
    } catch (error) {
      if (error instanceof CatalogueError) throw new ControlError(error.message, error.status);
      throw error;
    }
  }

  private advance(orderId: number | "all", request: AdvanceRequest): Order[] {
    this.commitDue();
    const ctx = advanceContext({ state: this.state, rng: this.rng, now: new Date() });
    if (orderId !== "all") {
      const stored = findOrder(this.state, orderId);
      if (!stored) throw new ControlError(`order ${orderId} does not exist`, 404);
      this.guard(() => advanceOrder(stored, request, ctx));
      this.changed();
      return structuredClone([stored.order]);
    }
    const moved: Order[] = [];
    for (const stored of this.state.orders) {
      if (nextStatus(stored.order.orderBaseInfo.status, false) === null) continue;
      try {
        // "all --split" splits what can be split and ships single-unit orders whole.
        advanceOrder(stored, { ...request, split: request.split === true && canSplit(stored) }, ctx);
        moved.push(stored.order);
      } catch (error) {
        if (!(error instanceof AdvanceError)) throw error;
      }
    }
    this.changed();
    return structuredClone(moved);
  }

  /** Turns validation failures of a control command into ControlError (HTTP 400). */
  private guard<T>(action: () => T): T {
    try {
      return action();
    } catch (error) {
      if (error instanceof ControlError) throw error;
      throw new ControlError(error instanceof Error ? error.message : String(error));
    }
  }

  private scheduleAutoAdvance(): void {
    if (this.autoTimer) clearInterval(this.autoTimer);
    this.autoTimer = undefined;
    const every = this.options.autoAdvanceMs;
    if (every <= 0) return;
    // Tick faster than the step so each order moves close to N ms after its last change.
    this.autoTimer = setInterval(() => this.autoAdvance(every), Math.max(10, Math.floor(every / 4)));
    this.autoTimer.unref();
  }

  private autoAdvance(every: number): void {
    const now = new Date();
    this.commitDue(now);
    const ctx = advanceContext({ state: this.state, rng: this.rng, now });
    let moved = false;
    for (const stored of this.state.orders) {
      if (now.getTime() - stored.stateSince < every) continue;
      if (nextStatus(stored.order.orderBaseInfo.status, false) === null) continue;
      advanceOrder(stored, {}, ctx);
      moved = true;
    }
    if (moved) this.changed();
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
