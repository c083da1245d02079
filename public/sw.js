// The service worker, registered from /sw.js?v=<build
// version> so each deploy installs afresh. It
// - keeps the offline page (/offline, in the member's language) and shows it
//   when a page cannot be loaded for lack of network: never a broken shell;
// - shows pushed notifications (texts arrive already in the member's
//   language; a chat message shows its own text), sets the app badge, and
//   tells open pages with a message of
//   type "new push message" so they reload chats and likes;
// - on a click, focuses an open page (message "new push click" with the
//   path) or opens one.
// Everything else goes to the network untouched.
const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const CACHE = `offline-${VERSION}`;
const OFFLINE_URL = "/offline";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: "reload", credentials: "same-origin" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("offline-") && name !== CACHE) await caches.delete(name);
      }
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        if (preloaded) return preloaded;
        return await fetch(request);
      } catch {
        const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE });
        return offline || Response.error();
      }
    })(),
  );
});

async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
  return pages;
}

// A chat message's own text (lastMessage, its start as in the chat list) is
// what the member wants to read; a photo or gift keeps the generic body.
function notificationBody(data) {
  const last = data.lastMessage;
  if (last && last.kind === "text" && typeof last.preview === "string" && last.preview.trim()) return last.preview;
  return typeof data.body === "string" ? data.body : "";
}

self.addEventListener("push", (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== "string") return;
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(data.title, {
        body: notificationBody(data),
        tag: typeof data.tag === "string" ? data.tag : undefined,
        renotify: typeof data.tag === "string",
        icon: typeof data.icon === "string" ? data.icon : undefined,
        data: { url: typeof data.url === "string" ? data.url : "/", type: data.type },
      });
      if (typeof data.badge === "number" && "setAppBadge" in self.navigator) {
        // A failing app badge is ignored.
        await (data.badge > 0 ? self.navigator.setAppBadge(data.badge) : self.navigator.clearAppBadge()).catch(
          () => {},
        );
      }
      await tellPages({ type: "new push message", payload: data });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || "/";
  const target = new URL(path, self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const page = pages.find((p) => new URL(p.url).origin === self.location.origin);
      if (page) {
        await page.focus().catch(() => {});
        page.postMessage({ type: "new push click", url: target.pathname + target.search });
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});

// The push service replaced the subscription: store the new one for the member.
self.addEventListener("pushsubscriptionchange", (event) => {
  const options = event.oldSubscription && event.oldSubscription.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager.subscribe(options).then((subscription) =>
      fetch("/api/user.php?push=1", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({ subscription: subscription.toJSON() }),
      }),
    ),
  );
});
