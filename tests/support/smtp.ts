/**
 * A real SMTP server on loopback (smtp-server, from the Nodemailer project) that keeps what it
 * receives, requires the given login, and can be told to refuse recipients (550) or defer the
 * message (451), as mail servers do. It can also take a message and answer its end only after
 * `dataReplyDelayMs`: a server busy scanning or queueing, whose final reply comes after the
 * client's timeout. The message counts as received the moment its end arrived, answered or not:
 * a server that has the whole message delivers it though the client stopped listening
 * (RFC 1047, "Duplicate messages and SMTP").
 */
import net from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: Buffer };
export type SmtpMode = "accept" | "refuse_recipients_550" | "defer_data_451";

export type TestSmtpServer = {
  port: number;
  received: ReceivedMail[];
  mode: SmtpMode;
  /** How long the server waits before answering the end of a message (0: at once). */
  dataReplyDelayMs: number;
  /** The URL the mailer is configured with (login included). */
  url: string;
  close(): Promise<void>;
};

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export async function startTestSmtpServer(login: { user: string; password: string }): Promise<TestSmtpServer> {
  const state = { received: [] as ReceivedMail[], mode: "accept" as SmtpMode, dataReplyDelayMs: 0 };
  const lateReplies = new Set<NodeJS.Timeout>();
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.password) callback(null, { user: auth.username });
      else callback(smtpError(535, "Authentication failed"));
    },
    onRcptTo(address, _session, callback) {
      if (state.mode === "refuse_recipients_550") callback(smtpError(550, `5.1.1 <${address.address}>: Recipient address rejected`));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const answer = (error?: Error) => {
          if (state.dataReplyDelayMs <= 0) return callback(error);
          const timer = setTimeout(() => {
            lateReplies.delete(timer);
            callback(error);
          }, state.dataReplyDelayMs);
          lateReplies.add(timer);
        };
        if (state.mode === "defer_data_451") return answer(smtpError(451, "4.3.0 Try again later"));
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@127.0.0.1:${port}`,
    received: state.received,
    get mode() {
      return state.mode;
    },
    set mode(mode: SmtpMode) {
      state.mode = mode;
    },
    get dataReplyDelayMs() {
      return state.dataReplyDelayMs;
    },
    set dataReplyDelayMs(ms: number) {
      state.dataReplyDelayMs = ms;
    },
    close: () => {
      for (const timer of lateReplies) clearTimeout(timer);
      lateReplies.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A received message as a mail program reads it (headers, decoded text and HTML). */
export const parseMail = (mail: ReceivedMail | Buffer) => simpleParser(Buffer.isBuffer(mail) ? mail : mail.raw);

/** An SMTP URL on loopback where nothing listens: the connection is refused. */
export async function refusedSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://nobody:nothing@127.0.0.1:${port}`;
}
