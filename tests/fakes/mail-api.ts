// A fake of the HTTP mail provider (MAIL_TRANSPORT=http) as a plain
// fetch-style handler, for workerd tests (route `fetch` to it) and for a Node
// HTTP server alike. It checks the request the transport promises (a POST of
// JSON with the bearer key: from, to, subject, html, text, headers) and answers
// as such providers do: 202 with the mail's `id`, 401 for a wrong key, 422 for
// a mail it cannot take.

export const FAKE_MAIL_API_KEY = "fake-mail-api-key";

export interface ReceivedMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export interface MailApiFake {
  handle(request: Request): Promise<Response>;
  /** Mails accepted so far, oldest first. */
  mails: ReceivedMail[];
  /** Requests seen, accepted or not. */
  requests: number;
  /** When set, every send is refused with this HTTP status (500: the provider is down). */
  failWith: number | null;
  /** Statuses for the next sends, one each, before `failWith` (e.g. [500]: one refusal, then accepted). */
  refuseNext: number[];
  /** When true, sends never answer until the caller gives up (its AbortSignal). */
  hang: boolean;
}

const isText = (value: unknown): value is string => typeof value === "string";

export function createMailApiFake(key = FAKE_MAIL_API_KEY): MailApiFake {
  let next = 1;
  const fake: MailApiFake = {
    mails: [],
    requests: 0,
    failWith: null,
    refuseNext: [],
    hang: false,
    async handle(request) {
      fake.requests++;
      if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
      if (request.headers.get("authorization") !== `Bearer ${key}`) {
        return Response.json({ error: "invalid api key" }, { status: 401 });
      }
      if (!request.headers.get("content-type")?.startsWith("application/json")) {
        return Response.json({ error: "expected JSON" }, { status: 415 });
      }
      const mail = (await request.json().catch(() => null)) as Partial<ReceivedMail> | null;
      const headers = mail?.headers ?? {};
      const valid =
        mail &&
        [mail.from, mail.to, mail.subject, mail.html, mail.text].every(isText) &&
        /@/.test(mail.to ?? "") &&
        typeof headers === "object" &&
        Object.values(headers).every(isText);
      if (!valid) return Response.json({ error: "from, to, subject, html and text are required" }, { status: 422 });
      if (fake.hang) await aborted(request.signal);
      const refusal = fake.refuseNext.shift() ?? fake.failWith;
      if (refusal)
        return Response.json({ error: refusal >= 500 ? "provider unavailable" : "refused" }, { status: refusal });
      const id = `mail-${next++}`;
      fake.mails.push({ ...(mail as Omit<ReceivedMail, "id">), headers, id });
      return Response.json({ id, status: "queued" }, { status: 202 });
    },
  };
  return fake;
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}
