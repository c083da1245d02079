// Sending one push message to one browser (RFC 8030): encrypt for the
// subscription, sign with VAPID, POST to its push service. 404/410 mean the
// subscription is gone and it is removed; 429/5xx and network errors are
// tried once more. The local push endpoint is reached in-process, through the
// same request a push service would receive.
import type { RequestContext } from "#app/context.ts";
import type { messageKinds } from "#app/schemas/enums.ts";
import { errorFields } from "#app/server/log.ts";
import { encryptPayload } from "./encryption.ts";
import { vapidKeys } from "./keys.ts";
import { receiveLocalPush } from "./local-service.ts";
import { forgetEndpoint, isLocalPushEndpoint, type StoredSubscription } from "./subscriptions.ts";
import { vapidAuthorization } from "./vapid.ts";

export type PushContext = Pick<RequestContext, "db" | "env" | "log" | "now"> & {
  /** Tests may stand in for the network; the local push endpoint never needs it. */
  fetch?: typeof fetch;
};

/** What the service worker receives (public/sw.js): texts already in the member's language. */
export interface PushMessage {
  type: string;
  title: string;
  body: string;
  /** Path to open on click, e.g. "/chats/12". */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation). */
  tag: string;
  /** Unread messages + new likes, for the app badge. */
  badge: number;
  icon?: string;
  /**
   * The chat message a push is about: a text's start (as in the chat list), or
   * only the kind of a photo or gift. The service worker shows a text as the
   * notification's body; the generic body stays for the rest.
   */
  lastMessage?: { kind: (typeof messageKinds)[number]; preview: string };
}

export interface PushOptions {
  /** Seconds the push service may keep an undelivered message. */
  ttl: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** Replaces an undelivered message with the same topic (RFC 8030 §5.4). */
  topic?: string;
}

export type PushOutcome = "sent" | "gone" | "failed";

const RETRY_DELAY_MS = 400;

export async function sendPush(
  app: PushContext,
  subscription: Pick<StoredSubscription, "endpoint" | "p256dh" | "auth">,
  message: PushMessage,
  options: PushOptions,
): Promise<PushOutcome> {
  const keys = await vapidKeys(app.env);
  const body = await encryptPayload(new TextEncoder().encode(JSON.stringify(message)), subscription);
  const headers: Record<string, string> = {
    TTL: String(options.ttl),
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
    Urgency: options.urgency ?? "normal",
    Authorization: await vapidAuthorization(keys, subscription.endpoint, app.now()),
  };
  if (options.topic) headers.Topic = options.topic.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32);

  for (let attempt = 1; attempt <= 2; attempt++) {
    let status: number;
    try {
      status = (await post(app, subscription.endpoint, headers, body)).status;
    } catch (error) {
      app.log.warn("push request failed", { attempt, ...errorFields(error) });
      status = 0;
    }
    if (status >= 200 && status < 300) return "sent";
    if (status === 404 || status === 410) {
      await forgetEndpoint(app, subscription.endpoint);
      return "gone";
    }
    const retryable = status === 0 || status === 429 || status >= 500;
    if (!retryable || attempt === 2) {
      app.log.warn("push not accepted", { status, host: new URL(subscription.endpoint).host });
      return "failed";
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
  return "failed";
}

async function post(
  app: PushContext,
  endpoint: string,
  headers: Record<string, string>,
  body: Uint8Array<ArrayBuffer>,
) {
  const request = new Request(endpoint, { method: "POST", headers, body });
  if (isLocalPushEndpoint(app, endpoint)) {
    const token = decodeURIComponent(new URL(endpoint).pathname.split("/").pop() ?? "");
    return receiveLocalPush(app, token, request);
  }
  return (app.fetch ?? fetch)(request);
}
