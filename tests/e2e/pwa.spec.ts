// The installable app in real Chromium: manifest and icons, the
// service worker, a Web Push subscription made in the browser that receives
// the notification when another member writes, the app badge and the page
// title, the back button of the installed app, recovery from a script file
// that fails to load, and the offline page.
//
// Chromium sends push subscriptions to Google's push service, which tests
// cannot reach. The init script below stands in for the browser's push
// service at its edge: PushManager.subscribe makes a real P-256 key pair and
// auth secret and an endpoint on the local push endpoint (/dev/push/<token>),
// where the server's encrypted, VAPID-signed pushes land. The test reads them
// there, decrypts them with the browser's key, and hands the plaintext to the
// service worker through the DevTools protocol, as the push service would.
import type { BrowserContext, Page } from "@playwright/test";
import { decryptPayload } from "../push-reader.ts";
import { activeMember, anotherVisitor, expect, logInDemo as logIn, ownId, test, text } from "./support.ts";

const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
const SUBSCRIPTION_KEY = "e2e-push-subscription";

function localPushService(key: string) {
  const w = window as Window & { __appBadges?: number[] };
  const encode = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const decode = (value: string) =>
    Uint8Array.from(atob(value.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  type Stored = { endpoint: string; p256dh: string; auth: string; serverKey: string; privateKey: JsonWebKey };
  const wrap = (stored: Stored) =>
    ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: decode(stored.serverKey).buffer },
      getKey: (name: string) => (name === "p256dh" || name === "auth" ? decode(stored[name]).buffer : null),
      toJSON: () => ({
        endpoint: stored.endpoint,
        expirationTime: null,
        keys: { p256dh: stored.p256dh, auth: stored.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    }) as unknown as PushSubscription;
  if ("PushManager" in window) {
    PushManager.prototype.getSubscription = async () => {
      const stored = localStorage.getItem(key);
      return stored ? wrap(JSON.parse(stored) as Stored) : null;
    };
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      if (Notification.permission !== "granted") throw new DOMException("Permission denied", "NotAllowedError");
      const serverKey = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      if (!options?.userVisibleOnly || serverKey.length !== 65 || serverKey[0] !== 4) {
        throw new DOMException("Not a P-256 application server key", "InvalidAccessError");
      }
      const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
        "deriveBits",
      ])) as CryptoKeyPair;
      const stored: Stored = {
        endpoint: `${location.origin}/dev/push/e2e-${crypto.randomUUID()}`,
        p256dh: encode(await crypto.subtle.exportKey("raw", pair.publicKey)),
        auth: encode(crypto.getRandomValues(new Uint8Array(16))),
        serverKey: encode(serverKey),
        privateKey: await crypto.subtle.exportKey("jwk", pair.privateKey),
      };
      localStorage.setItem(key, JSON.stringify(stored));
      return wrap(stored);
    };
  }
  // The app badge goes to the operating system; the test records what the page asks for.
  w.__appBadges = [];
  const nav = navigator as Navigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  nav.setAppBadge = async (n?: number) => {
    w.__appBadges!.push(n ?? 0);
  };
  nav.clearAppBadge = async () => {
    w.__appBadges!.push(0);
  };
}

async function withLocalPushService(context: BrowserContext, baseURL: string) {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await context.addInitScript(localPushService, SUBSCRIPTION_KEY);
}

async function activeServiceWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== "activated") {
      await new Promise((resolve) => worker.addEventListener("statechange", resolve, { once: true }));
    }
    return { scriptURL: worker.scriptURL, state: worker.state };
  });
}

/** The id DevTools knows the page's service worker registration by. */
async function serviceWorkerRegistrationId(context: BrowserContext, page: Page, baseURL: string) {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)).toBeTruthy();
  return { cdp, registrationId: registrations.find((r) => r.scopeURL === `${baseURL}/`)!.registrationId };
}

test("the manifest describes an installable app with PNG icons and the theme colours", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: expect.any(String),
    short_name: expect.any(String),
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#8f1d2c",
    background_color: "#fbf7f4",
    lang: "nl",
  });
  expect(manifest.name.length).toBeGreaterThan(0);
  expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);

  const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
    const image = await page.request.get(icon.src);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const png = await image.body();
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: width and height as the manifest says.
    const [width] = icon.sizes.split("x").map(Number);
    expect(png.readUInt32BE(16)).toBe(width);
    expect(png.readUInt32BE(20)).toBe(width);
    // The browser decodes it as an image of that size.
    const decoded = await page.evaluate(async (src) => {
      const bitmap = await createImageBitmap(await (await fetch(src)).blob());
      return bitmap.width;
    }, icon.src);
    expect(decoded).toBe(width);
  }
});

test("the service worker installs from a versioned script and shows the offline page without network", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const worker = await activeServiceWorker(page);
  expect(worker.state).toBe("activated");
  expect(new URL(worker.scriptURL).pathname).toBe("/sw.js");
  expect(new URL(worker.scriptURL).searchParams.get("v")).toBeTruthy();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto("/members").catch(() => null);
  await expect(page.getByRole("heading", { name: t("notifications-push:offline.title") })).toBeVisible();
  await expect(page.getByRole("link", { name: t("notifications-push:offline.retry") })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole("link", { name: t("notifications-push:offline.retry") }).click();
  await expect(page.getByRole("heading", { name: t("members:title") })).toBeVisible();
});

// In the full browser: the headless shell refuses notifications (playwright.config.ts).
test.describe("push notifications", { tag: "@notifications" }, () => {
  test.describe.configure({ timeout: 150_000 });

  test("a member who turns push on gets a notification when another member writes; badge and title follow", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await withLocalPushService(context, baseURL!);
    // The live signal would reload the page first (tests/e2e/live-signal.spec.ts): kept silent here, so what
    // reloads it is the push. The page's socket opens but hears nothing.
    await context.routeWebSocket(/\/api\/signal\/socket$/, () => {});
    const name = `Pien${Math.floor(Math.random() * 1e6)}`;
    await activeMember(page, "nl", { name, gender: "female", seeking: "male" });
    const memberId = await ownId(page);

    // The settings page offers push; the button subscribes this browser and stores it for the member.
    await page.goto("/notifications");
    const settings = page.getByTestId("push-settings");
    await expect(settings).toHaveAttribute("data-push-state", "unknown");
    await settings.getByRole("button", { name: t("notifications-push:push.enable") }).click();
    await expect(settings).toHaveAttribute("data-push-state", "subscribed");
    await expect(settings).toContainText(t("notifications-push:push.subscribed"));
    const subscription = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), SUBSCRIPTION_KEY);
    const { endpoints } = await (await page.request.get("/api/push.php")).json();
    expect(endpoints).toEqual([subscription.endpoint]);
    // Once on, the push alert is no longer offered.
    await page.goto("/members");
    await expect(page.getByTestId("push-alert")).toHaveCount(0);
    // The first refresh comes 5 s after load; with push on, the next not for 300 s.
    await page.waitForResponse((r) => new URL(r.url()).pathname === "/api/user.php", { timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    const title = await page.title();
    expect(title).not.toMatch(/^\(\d+\)/);

    // Another member writes.
    const daan = await anotherVisitor(browser, baseURL!);
    await logIn(daan, "premium@hartslag.example");
    await daan.goto(`/members/${memberId}`);
    await daan.getByRole("button", { name: t("members:sendMessage") }).click();
    await expect(daan).toHaveURL(/\/chats\/\d+$/);
    const opening = t("chat:icebreaker.line1", { name });
    await daan.getByTestId("icebreaker").getByRole("button", { name: opening }).click();
    await expect(daan.getByTestId("message-mine").filter({ hasText: opening })).toBeVisible();
    const chatPath = new URL(daan.url()).pathname;
    await daan.close();

    // The push service received one encrypted message for this browser; only its key reads it.
    const token = new URL(subscription.endpoint).pathname.split("/").pop();
    let pushed: { body: string; headers: Record<string, string> } | undefined;
    await expect
      .poll(
        async () => {
          const { messages } = await (await page.request.get(`/dev/push/${token}`)).json();
          pushed = messages[0];
          return messages.length;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(pushed!.headers).toMatchObject({ "content-encoding": "aes128gcm", urgency: "high" });
    expect(pushed!.headers.authorization).toMatch(/^vapid t=.+, k=/);
    const unb64 = (value: string) => new Uint8Array(Buffer.from(value, "base64url"));
    const receiver = {
      privateKey: await crypto.subtle.importKey(
        "jwk",
        subscription.privateKey,
        { name: "ECDH", namedCurve: "P-256" },
        false,
        ["deriveBits"],
      ),
      publicKey: unb64(subscription.p256dh),
      auth: unb64(subscription.auth),
    };
    const plaintext = new TextDecoder().decode(await decryptPayload(unb64(pushed!.body), receiver));
    const message = JSON.parse(plaintext);
    expect(message).toMatchObject({
      type: "new_conversation",
      url: chatPath,
      badge: 1,
      lastMessage: { kind: "text", preview: opening },
    });
    const [before, after] = t("mail:new_conversation.subject", { sender: "Daan", siteName: "|" }).split("|");
    expect(message.title.startsWith(before!)).toBe(true);
    expect(message.title.endsWith(after!)).toBe(true);

    // Nothing has reloaded the page yet: the title has no count.
    expect(await page.title()).toBe(title);

    // The push service hands the message to the service worker.
    const { cdp, registrationId } = await serviceWorkerRegistrationId(context, page, baseURL!);
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId, data: plaintext });

    // A notification with the message's own text, which opens the conversation.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
        }),
      )
      .toEqual([{ title: message.title, body: opening, data: { url: chatPath, type: "new_conversation" } }]);

    // "new push message" reloads the page's data: the unread badge, the title and the app badge follow.
    await expect(page.locator('a[href="/chats"]').getByTestId("badge").filter({ visible: true })).toHaveText("1");
    await expect(page).toHaveTitle(`(1) ${title}`);
    await expect
      .poll(() => page.evaluate(() => (window as Window & { __appBadges?: number[] }).__appBadges?.at(-1)))
      .toBe(1);
  });
});

test.describe("the installed app's back button", { tag: "@phone" }, () => {
  /** The app runs as an installed app: the display-mode media query says standalone. */
  async function standalone(context: BrowserContext) {
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        if (query.replace(/\s/g, "") !== "(display-mode:standalone)") return original(query);
        const list = original("all");
        Object.defineProperty(list, "media", { value: query });
        return list;
      };
    });
  }

  test("shows on a profile reached from the list, goes back, and not on the list itself", async ({ page, context }) => {
    await standalone(context);
    await logIn(page, "premium@hartslag.example");
    await page.goto("/members");
    const back = page.getByRole("button", { name: t("notifications-push:nav.back") });
    await expect(page.getByRole("heading", { name: t("members:title") })).toBeVisible();
    await expect(back).toHaveCount(0);

    await page.getByTestId("member-name").first().click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(back).toHaveCount(0);
  });

  test("is not shown on a profile opened first, nor in a browser tab", async ({ page, context, browser, baseURL }) => {
    await standalone(context);
    await logIn(page, "premium@hartslag.example");
    await page.goto("/members");
    const profile = await page.getByTestId("member-name").first().locator("xpath=ancestor::a").getAttribute("href");

    // A new installed-app window (as a notification click opens one) with only this page in its history.
    const [fresh] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate((path) => window.open(path, "_blank"), profile!),
    ]);
    await expect(fresh.locator("h1").first()).toBeVisible();
    expect(await fresh.evaluate(() => window.history.length)).toBe(1);
    await expect(fresh.getByRole("button", { name: t("notifications-push:nav.back") })).toHaveCount(0);

    // The same path in an ordinary browser tab, with history behind it.
    const tab = await anotherVisitor(browser, baseURL!);
    await logIn(tab, "premium@hartslag.example");
    await tab.goto(profile!);
    await expect(tab.locator("h1").first()).toBeVisible();
    await expect(tab.getByRole("button", { name: t("notifications-push:nav.back") })).toHaveCount(0);
    await tab.close();
  });
});

test.describe("a script file that fails to load", () => {
  // The signup form loads its code when the desktop signup modal opens.
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("reloads the page once, then shows the error page within 60 s instead of reloading again", async ({ page }) => {
    let failed = 0;
    await page.route(/\/assets\/signup-form-[^/]+\.js$/, (route) => {
      failed++;
      return route.abort("failed");
    });
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto("/members");
    await expect(page.getByRole("heading", { name: t("members:title") })).toBeVisible();
    expect(loads).toBe(1);
    const signup = page.getByRole("navigation").getByRole("link", { name: t("common:nav.signup") });

    // First failure: the guarded reload.
    await signup.click();
    await expect.poll(() => loads).toBe(2);
    expect(failed).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("heading", { name: t("members:title") })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("chunk-reload-at"))).toMatch(/^\d+$/);

    // Second failure within 60 s: no reload loop; the error page in the site's frame, with a way home.
    await signup.click();
    await expect(page.getByRole("link", { name: t("errors:backHome") })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: t("common:nav.login") })).toBeVisible();
    expect(loads).toBe(2);
  });
});
