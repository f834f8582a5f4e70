/**
 * The only code that sends e-mail: through the SMTP server of SMTP_URL with nodemailer
 * (docs/decisions/0021), or, in demo mode without one, into MAIL_OUTBOX_DIR as .eml files a
 * newcomer can open (with a plain-text copy beside each). Without either, mail is off. A refused or failed delivery becomes one typed
 * error, MailDeliveryError, whose message names no address and no credential (it is logged);
 * the server's own words are kept apart for the merchant. A failure after the message went to the
 * server with no answer to it is "outcome unknown" (`outcomeUnknown`): the server may have it
 * and deliver it (RFC 1047); job-outcome.ts decides when to send it again.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/env.server";

/** `timeoutMs`: how long the app waits on the server at each step (tests shorten it). */
export type MailDelivery =
  { kind: "smtp"; url: string; from: string; timeoutMs?: number } | { kind: "outbox"; dir: string; from: string } | { kind: "off" };

/** Where mail goes, for the settings page: never the URL itself (it holds the password). */
export type MailDeliveryView = { kind: "smtp"; server: string } | { kind: "outbox"; dir: string } | { kind: "off" };

/** `messageId`: the Message-ID header (`mailMessageId`), given so that a copy sent again carries the same one. */
export type OutgoingMail = { to: readonly string[]; subject: string; text: string; html: string; messageId?: string };

export type MailReceipt = { kind: "sent"; messageId: string; refused: number } | { kind: "saved"; file: string };

const DEMO_FROM = "HyperSKU for Shopify (demo) <notifications@hypersku-demo.invalid>";
/** A stuck server must not hold a job past its lease (JOB_LEASE_SECONDS, 60 s by default). */
const SMTP_TIMEOUT_MS = 20_000;

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** The server's reply code (550, 451, ...), null when none came (connection, timeout). */
    readonly responseCode: number | null,
    /** The server's reply in its own words, for the merchant; may name their address, so never logged. */
    readonly serverReply: string | null,
    /**
     * The failure came after the message had gone to the server (its DATA command was sent) and
     * before any answer to it: a timeout or a dropped connection. The server may have it.
     */
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = "MailDeliveryError";
  }
}

let configured: MailDelivery | null = null;

/** Points the mailer elsewhere (tests: a test SMTP server, an outbox); null goes back to the environment. */
export function configureMailer(delivery: MailDelivery | null) {
  configured = delivery;
}

export function getMailDelivery(): MailDelivery {
  if (configured) return configured;
  if (env.SMTP_URL) return { kind: "smtp", url: env.SMTP_URL, from: env.MAIL_FROM ?? DEMO_FROM };
  if (env.APP_MODE === "demo") return { kind: "outbox", dir: path.resolve(env.MAIL_OUTBOX_DIR), from: env.MAIL_FROM ?? DEMO_FROM };
  return { kind: "off" };
}

export function describeMailDelivery(): MailDeliveryView {
  const delivery = getMailDelivery();
  if (delivery.kind === "smtp") {
    const url = new URL(delivery.url);
    return { kind: "smtp", server: url.port ? `${url.hostname}:${url.port}` : url.hostname };
  }
  return delivery;
}

/**
 * A Message-ID for `key` (letters, digits, dots), on the sender's domain as mail programs expect
 * (RFC 5322 section 3.6.4): the same key gives the same id, which is what lets a mail system drop
 * a second copy of a message.
 */
export function mailMessageId(key: string): string {
  const delivery = getMailDelivery();
  const domain = (delivery.kind === "off" ? null : /@([^@\s<>]+)>?$/.exec(delivery.from)?.[1]) ?? "localhost";
  return `<${key}@${domain}>`;
}

/**
 * nodemailer reports a timeout or a dropped connection the same way (ETIMEDOUT, ECONNECTION)
 * whatever the conversation had reached, so the commands it sends are watched through its logger
 * option with `transactionLog`, which hands over each command the client sends (AUTH masked),
 * never the message: this sink only notes that DATA went out and prints nothing.
 * (https://nodemailer.com/smtp/, logger and transactionLog). A test fails if DATA stops showing
 * (tests/integration/notifications.test.ts, the late answer).
 */
function dataCommandWatcher() {
  const state = { dataSent: false };
  const note = (entry?: { tnx?: unknown }, message?: unknown) => {
    if (entry?.tnx === "client" && typeof message === "string" && /^DATA$/i.test(message.trim())) state.dataSent = true;
  };
  return { state, logger: { trace: note, debug: note, info: note, warn: note, error: note, fatal: note } };
}

function smtpTransporter(url: string, timeoutMs: number, logger: ReturnType<typeof dataCommandWatcher>["logger"]): Transporter {
  // One transporter per message: without a pool nodemailer opens a connection per message
  // anyway, and each message needs its own watcher.
  return nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // nodemailer's own output would print the conversation, AUTH included: the watcher prints nothing.
    logger,
    transactionLog: true,
    debug: false,
  });
}

type NodemailerFailure = Error & { code?: string; responseCode?: number; response?: string; rejectedErrors?: NodemailerFailure[] };

/** One place that turns nodemailer's errors into ours. `dataSent`: the DATA command had gone out. */
function toDeliveryError(error: unknown, dataSent: boolean): MailDeliveryError {
  const failure = (error instanceof Error ? error : new Error(String(error))) as NodemailerFailure;
  const detail = failure.rejectedErrors?.[0] ?? failure;
  const responseCode = typeof detail.responseCode === "number" ? detail.responseCode : null;
  const reply = detail.response?.trim() || null;
  if (responseCode !== null) {
    const kind = responseCode >= 500 ? "refused" : "deferred";
    return new MailDeliveryError(`The mail server ${kind} the message (SMTP ${responseCode}).`, responseCode, reply);
  }
  if (detail.code === "EAUTH" || detail.code === "ENOAUTH") {
    return new MailDeliveryError("The mail server did not accept the app's login (check SMTP_URL).", null, null);
  }
  const code = detail.code ? ` (${detail.code})` : "";
  if (dataSent) {
    // No reply after the message went out: only the server knows whether it took it.
    return new MailDeliveryError(`The mail server received the message but did not confirm it${code}.`, null, null, true);
  }
  return new MailDeliveryError(`The mail server could not be reached${code}.`, null, null);
}

async function saveToOutbox(dir: string, from: string, mail: OutgoingMail): Promise<MailReceipt> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await composer.sendMail({
    from,
    to: [...mail.to],
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
  });
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const base = path.join(dir, `${stamp}-${info.messageId.replace(/[^A-Za-z0-9]+/g, "").slice(0, 24)}`);
  await fs.writeFile(`${base}.eml`, info.message as Buffer);
  // The .eml opens in any mail program; the .txt beside it reads in a terminal (no MIME encoding).
  await fs.writeFile(`${base}.txt`, `To: ${mail.to.join(", ")}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
  return { kind: "saved", file: `${base}.eml` };
}

/** Sends one message, or throws MailDeliveryError. Mail that is off is an error too: check first. */
export async function sendMail(mail: OutgoingMail): Promise<MailReceipt> {
  const delivery = getMailDelivery();
  if (delivery.kind === "off") throw new MailDeliveryError("E-mail is off: SMTP_URL is not set.", null, null);
  if (delivery.kind === "outbox") return saveToOutbox(delivery.dir, delivery.from, mail);
  const watcher = dataCommandWatcher();
  const transporter = smtpTransporter(delivery.url, delivery.timeoutMs ?? SMTP_TIMEOUT_MS, watcher.logger);
  try {
    const info = await transporter.sendMail({
      from: delivery.from,
      to: [...mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    });
    // Some recipients refused and others accepted: the digest reached the merchant; the refused count is kept.
    return { kind: "sent", messageId: info.messageId, refused: info.rejected?.length ?? 0 };
  } catch (error) {
    throw toDeliveryError(error, watcher.state.dataSent);
  } finally {
    transporter.close();
  }
}
