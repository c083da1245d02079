// The browser side of Web Push: whether this
// browser can receive pushes, whether it is subscribed or notifications are
// denied, and subscribing with the button (POST /api/user.php?push=1) or
// switching off again. The service worker is registered by the app runtime.
import { apiFetch } from "./api.ts";

/** Capable or not; subscribed, denied or unknown. */
type PushStatus = "subscribed" | "denied" | "unknown";
export interface PushState {
  capable: boolean;
  status: PushStatus;
}

function pushCapable(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window &&
    window.isSecureContext
  );
}

/** The registration of our service worker, once there is one (null when none appears within the wait). */
async function registration(waitMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (existing?.active) return existing;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function browserSubscription(): Promise<PushSubscription | null> {
  if (!pushCapable()) return null;
  const found = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return (await found?.pushManager.getSubscription().catch(() => null)) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushCapable()) return { capable: false, status: "unknown" };
  if (await browserSubscription()) return { capable: true, status: "subscribed" };
  return { capable: true, status: Notification.permission === "denied" ? "denied" : "unknown" };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const normal = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function storeSubscription(subscription: PushSubscription) {
  const response = await apiFetch(
    "/api/user.php?push=1",
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ subscription: subscription.toJSON() }),
    },
    { quiet: true },
  );
  if (!response.ok) throw new Error(`subscription not stored: ${response.status}`);
}

/** Asks for permission, subscribes this browser and stores the subscription for the member. */
export async function subscribePush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { capable: true, status: "denied" };
  if (permission !== "granted") return { capable: true, status: "unknown" };
  const response = await apiFetch("/api/push.php");
  const { publicKey } = (await response.json()) as { publicKey: string | null };
  const worker = await registration();
  if (!publicKey || !worker) throw new Error("push is not available");
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await storeSubscription(subscription);
  return { capable: true, status: "subscribed" };
}

export async function unsubscribePush(): Promise<PushState> {
  const subscription = await browserSubscription();
  if (subscription) {
    await apiFetch(
      "/api/user.php?push=1",
      {
        method: "DELETE",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ endpoint: subscription.endpoint }),
      },
      { quiet: true },
    ).catch(() => null);
    await subscription.unsubscribe().catch(() => false);
  }
  return readPushState();
}

/**
 * Keeps server and browser in step: a subscription the server does not know
 * for this member (another member used this browser before, or the server
 * dropped it) is stored again; with nobody logged in, the browser's
 * subscription goes, so the next person does not get someone else's pushes.
 */
export async function syncPushSubscription(loggedIn: boolean) {
  const subscription = await browserSubscription();
  if (!subscription) return;
  if (!loggedIn) {
    await subscription.unsubscribe().catch(() => false);
    return;
  }
  const response = await apiFetch("/api/push.php");
  if (!response.ok) return;
  const { endpoints } = (await response.json()) as { endpoints: string[] };
  if (!endpoints.includes(subscription.endpoint)) await storeSubscription(subscription);
}

export const PUSH_STATE_EVENT = "push-state-changed";
