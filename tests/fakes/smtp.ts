import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
  html?: string;
  raw: string;
};

/** Header names lower-cased, folded lines joined. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}

/** A part's headers and decoded body. */
function parsePart(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = parseHeaders(raw.slice(0, split));
  let body = raw.slice(split + 4);
  const encoding = headers["content-transfer-encoding"]?.toLowerCase();
  if (encoding === "quoted-printable") body = decodeQuotedPrintable(body);
  if (encoding === "base64") body = Buffer.from(body, "base64").toString("utf8");
  return { headers, body };
}

/** `text` is the plain-text body: the whole body, or a multipart mail's text/plain part (its HTML in `html`). */
function parseMail(raw: string, envelopeFrom: string, envelopeTo: string[]): ReceivedMail {
  const { headers, body } = parsePart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!headers["content-type"]?.toLowerCase().startsWith("multipart/") || !boundary) {
    return { envelopeFrom, envelopeTo, headers, text: body.replace(/\r\n/g, "\n").trimEnd(), raw };
  }
  const raws = raw
    .slice(raw.indexOf("\r\n\r\n") + 4)
    .split(`--${boundary}`)
    .slice(1, -1);
  const parts = raws.map((part) => parsePart(part.replace(/^\r\n/, "")));
  const find = (type: string) =>
    parts.find((part) => part.headers["content-type"]?.toLowerCase().startsWith(type))?.body;
  const text = (find("text/plain") ?? "").replace(/\r\n/g, "\n").trimEnd();
  const html = find("text/html")?.replace(/\r\n/g, "\n").trimEnd();
  return { envelopeFrom, envelopeTo, headers, text, ...(html !== undefined ? { html } : {}), raw };
}

/**
 * A real SMTP server in the test process. It can be stopped and started again on the same port to play
 * an outage; every accepted mail is kept in `mails` across restarts.
 */
export class FakeSmtp {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private constructor(
    public port: number,
    private readonly credentials: { user: string; pass: string },
  ) {}

  static async start(credentials = { user: "mailer", pass: "mail-secret" }): Promise<FakeSmtp> {
    const fake = new FakeSmtp(0, credentials);
    await fake.start();
    return fake;
  }

  /** The mails to `to` with this subject, once there are at least `count` of them (15 s at most). */
  async waitForMails(to: string, subject: string, count = 1): Promise<ReceivedMail[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mails = this.mails.filter((m) => m.envelopeTo.includes(to) && m.headers.subject === subject);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} mails "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The SMTP_URL the app should use, with the credentials this server accepts. */
  get url(): string {
    return `smtp://${this.credentials.user}:${this.credentials.pass}@127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === this.credentials.user && auth.password === this.credentials.pass) {
          callback(null, { user: auth.username });
        } else {
          callback(new Error("Invalid username or password"));
        }
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const to = session.envelope.rcptTo.map((r) => r.address);
          this.mails.push(parseMail(Buffer.concat(chunks).toString("utf8"), from, to));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
