// A fake of Twilio's Messages API as a plain fetch-style handler, so workerd
// tests can route `fetch` to it and a Node HTTP server can host it for the
// browser tests. It checks the request Twilio documents (the account's path,
// HTTP Basic auth with the SID and auth token, a form body with To, From and
// Body) and answers as Twilio does: 201 with the message's `sid`, or the JSON
// error `{ code, message, more_info, status }`.

export const FAKE_TWILIO_SID = `AC${"0123456789abcdef".repeat(2)}`;
export const FAKE_TWILIO_TOKEN = "fake-twilio-auth-token";

export interface ReceivedSms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface TwilioFake {
  /** Answers one request to the API (any host: the path decides). */
  handle(request: Request): Promise<Response>;
  /** Texts accepted so far, oldest first. */
  messages: ReceivedSms[];
  /** Requests seen, accepted or not. */
  requests: number;
  /** When set, every send is refused with this HTTP status (500: Twilio is down). */
  failWith: number | null;
  /** Statuses for the next sends, one each, before `failWith` (e.g. [500]: one refusal, then accepted). */
  refuseNext: number[];
  /** When true, sends never answer until the caller gives up (its AbortSignal). */
  hang: boolean;
}

const MORE_INFO = "https://www.twilio.com/docs/errors";

function error(status: number, code: number, message: string) {
  return Response.json({ code, message, more_info: `${MORE_INFO}/${code}`, status }, { status });
}

export function createTwilioFake(
  account: { accountSid: string; authToken: string } = { accountSid: FAKE_TWILIO_SID, authToken: FAKE_TWILIO_TOKEN },
): TwilioFake {
  let next = 1;
  const fake: TwilioFake = {
    messages: [],
    requests: 0,
    failWith: null,
    refuseNext: [],
    hang: false,
    async handle(request) {
      fake.requests++;
      const path = new URL(request.url).pathname;
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (!match) return error(404, 20404, "The requested resource was not found");
      if (request.method !== "POST") return error(405, 20004, "Method not allowed");
      const expected = `Basic ${btoa(`${account.accountSid}:${account.authToken}`)}`;
      if (match[1] !== account.accountSid || request.headers.get("authorization") !== expected) {
        return error(401, 20003, "Authenticate");
      }
      if (!request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) {
        return error(400, 21000, "Unsupported content type");
      }
      const form = new URLSearchParams(await request.text());
      const to = form.get("To") ?? "";
      const from = form.get("From") ?? "";
      const body = form.get("Body") ?? "";
      if (!to) return error(400, 21604, "A 'To' phone number is required.");
      if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!from) return error(400, 21603, "A 'From' phone number is required.");
      if (!body) return error(400, 21602, "Message body is required.");
      if (fake.hang) await aborted(request.signal);
      const refusal = fake.refuseNext.shift() ?? fake.failWith;
      if (refusal)
        return error(
          refusal,
          refusal >= 500 ? 20500 : 21610,
          refusal >= 500 ? "Internal Server Error" : "Message cannot be sent",
        );
      const sid = `SM${(next++).toString(16).padStart(32, "0")}`;
      fake.messages.push({ sid, to, from, body });
      return Response.json(
        { sid, account_sid: account.accountSid, to, from, body, status: "queued", direction: "outbound-api" },
        { status: 201 },
      );
    },
  };
  return fake;
}

/** Waits until the caller gives up, as a network that never answers does. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}
