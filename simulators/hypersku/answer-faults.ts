/**
 * Faults that change what a successful answer says, not whether it comes (faults.ts): `quirks`
 * (formats HyperSKU might use for fields the app does not need) and a create's `answer` (empty,
 * id in an unexpected place, or a huge body streamed without holding it in memory).
 */
import type http from "node:http";
import type { CreateAnswer, FaultPlan, Quirks } from "./faults";
import type { SimulatorOptions } from "./options";
import { success, type Reply } from "./responses";
import type { Order } from "./types";

type EnvelopeOptions = Pick<SimulatorOptions, "envelope" | "authErrorStyle">;

/** The result inside a successful reply, whichever envelope style it has. */
function dataOf(options: EnvelopeOptions, reply: Reply): unknown {
  return options.envelope === "bare" ? reply.body : (reply.body as { data: unknown }).data;
}

/** A stable whole number for a user id that is not one, so `userIdAsNumber` always sends a number. */
function numericUserId(userId: string): number {
  if (/^\d+$/.test(userId)) return Number(userId);
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007;
  return 1_000_000 + hash;
}

function formatCreateTime(iso: string, style: NonNullable<Quirks["createTime"]>): string | number {
  const ms = Date.parse(iso);
  if (style === "epoch-ms") return ms;
  if (style === "epoch-seconds") return Math.floor(ms / 1000);
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** Pure: the reply with `quirks` applied to every order's createTime and to a token response's userId. */
function applyQuirks(options: EnvelopeOptions, reply: Reply, quirks: Quirks): Reply {
  // The reply holds the stored orders themselves: change a copy.
  const data = structuredClone(dataOf(options, reply));
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    const base = record.orderBaseInfo as Record<string, unknown> | undefined;
    if (quirks.createTime && base && typeof base.createTime === "string") {
      base.createTime = formatCreateTime(base.createTime, quirks.createTime);
    }
    if (quirks.userIdAsNumber && typeof record.accessToken === "string" && typeof record.userId === "string") {
      record.userId = numericUserId(record.userId);
    }
    if (Array.isArray(record.rows)) visit(record.rows);
  };
  visit(data);
  return { ...success(options, data), headers: reply.headers };
}

export type ShapedAnswer = { kind: "reply"; reply: Reply } | { kind: "oversized"; head: string; tail: string; padBytes: number };

/**
 * Pure: what a create answers under `answer`, given the order it stored. `oversized` is the normal
 * answer with a `padding` text field making the body exactly `bytes` long (or the shortest it can be).
 */
function shapeCreateAnswer(options: EnvelopeOptions, order: Order, answer: CreateAnswer, bytes: number): ShapedAnswer {
  if (answer === "empty") return { kind: "reply", reply: success(options, {}) };
  const { orderId, storeOrderId } = order.orderBaseInfo;
  if (answer === "unrecognised") return { kind: "reply", reply: success(options, { orderId, storeOrderId }) };
  const marker = "@@padding@@";
  const text = JSON.stringify(success(options, { ...order, padding: marker }).body);
  const [head, tail] = text.split(marker);
  const padBytes = Math.max(0, bytes - Buffer.byteLength(head) - Buffer.byteLength(tail));
  return { kind: "oversized", head, tail, padBytes };
}

const PAD_CHUNK = Buffer.alloc(64 * 1024, "x");

/**
 * Streams an oversized answer chunk by chunk, waiting for the socket to drain, and stops as soon as the
 * client goes away: memory stays at one chunk whatever the size. Resolves with the bytes written.
 */
export async function streamOversized(res: http.ServerResponse, shaped: Extract<ShapedAnswer, { kind: "oversized" }>): Promise<number> {
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
  let sent = 0;
  const write = async (chunk: Buffer | string) => {
    if (res.destroyed) return false;
    sent += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    }
    return !res.destroyed;
  };
  if (!(await write(shaped.head))) return sent;
  for (let left = shaped.padBytes; left > 0; left -= PAD_CHUNK.length) {
    if (!(await write(left >= PAD_CHUNK.length ? PAD_CHUNK : PAD_CHUNK.subarray(0, left)))) return sent;
  }
  if (await write(shaped.tail)) res.end();
  return sent;
}

/**
 * What a successful reply becomes under the plan: the create's `answer`, else `quirks`; null when the
 * plan changes nothing. The caller has checked that the reply is a success.
 */
export function shapeSuccess(
  options: EnvelopeOptions,
  plan: Pick<FaultPlan, "answer" | "oversizedBytes" | "quirks">,
  reply: Reply,
): { fault: "answer" | "quirks"; answer: ShapedAnswer } | null {
  if (plan.answer) {
    const order = dataOf(options, reply) as Order;
    return { fault: "answer", answer: shapeCreateAnswer(options, order, plan.answer, plan.oversizedBytes) };
  }
  if (plan.quirks) return { fault: "quirks", answer: { kind: "reply", reply: applyQuirks(options, reply, plan.quirks) } };
  return null;
}
