// Every door into the product, with who may come through it: page routes
// (their loader as GET, their action as POST), /api endpoints, /media paths,
// the chat socket and the site files. Nothing is open unless a row here says
// so: a request for a page, endpoint or media path without a row is refused
// (see policy.ts), and the access tests are generated from this table and the
// router's and Hono's own route lists, so a new door without a row fails them.
// docs/access.md describes the audiences and resources in the product's words.
import type { Permission } from "#app/server/operators/roles.ts";

/** Who may knock at all; what they may see behind the door is the resource's rule. */
export type Audience =
  /** Visitors and members alike. */
  | { kind: "anyone" }
  /** Visitors only: a member is sent on to the members area (or to `memberTo`). */
  | { kind: "visitor"; memberTo?: string }
  /** A logged-in member; a visitor is asked to log in (or sent to `visitorTo`). */
  | { kind: "member"; visitorTo?: string }
  /** Whoever holds a link whose secret token is the key (mails, the sandbox checkout). */
  | { kind: "link" }
  /** A payment or mail provider's server: it proves nothing, so the handler asks the provider. */
  | { kind: "provider" }
  /** The operator console's sign-in steps. */
  | { kind: "operator-sign-in" }
  /** A signed-in operator (password and second factor) whose role has the permission. */
  | { kind: "operator"; permission: Permission }
  /** Developer tools: never in production. */
  | { kind: "developer" };

/**
 * What the door shows or changes, when that belongs to someone. Each name is
 * one domain rule, applied by the door's handler:
 * - conversation: its two members while neither has blocked the other (chat/conversations.ts)
 * - profile: a visible member of the domain's audience who has not blocked the viewer, and for a
 *   visitor only where the domain lets visitors see members (members/profile.ts, members/audience.ts,
 *   members/blocks.ts, members/search-access.ts)
 * - own photo, own payment: the member who owns it (photos/manage.ts, payments/checkout.ts)
 * - viewable photo: the owner; premium members for private photos; never a blocked viewer (photos/visibility.ts)
 * - public photo file: an active, non-private profile photo's file, for everyone (photos/visibility.ts)
 */
type Resource = "conversation" | "profile" | "own photo" | "own payment" | "viewable photo" | "public photo file";

type DoorKind = "page" | "api" | "media" | "socket" | "site";
export type DoorMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Door {
  kind: DoorKind;
  /** Pages: GET is the loader, POST the action (whatever method a form uses). */
  method: DoorMethod;
  /** React Router's pattern for pages, Hono's for the rest (as each router registers it). */
  path: string;
  /**
   * A door told apart by a query parameter: POST /api/user.php?push stores a
   * push subscription; /activate/done?token is the link in the activation mail.
   */
  query?: string;
  audience: Audience;
  resource?: Resource;
}

const anyone: Audience = { kind: "anyone" };
const visitor: Audience = { kind: "visitor" };
const member: Audience = { kind: "member" };
const link: Audience = { kind: "link" };
const provider: Audience = { kind: "provider" };
const signIn: Audience = { kind: "operator-sign-in" };
const developer: Audience = { kind: "developer" };
const operator = (permission: Permission): Audience => ({ kind: "operator", permission });

type Extra = Partial<Pick<Door, "resource" | "query">>;
const door = (kind: DoorKind, method: DoorMethod, path: string, audience: Audience, extra: Extra = {}): Door => ({
  kind,
  method,
  path,
  audience,
  ...extra,
});
/** A page's loader. */
const page = (path: string, audience: Audience, extra?: Extra) => door("page", "GET", path, audience, extra);
/** A page's action. */
const form = (path: string, audience: Audience, extra?: Extra) => door("page", "POST", path, audience, extra);
/** A page with a loader and an action under the same rule. */
const pageWithForm = (path: string, audience: Audience, extra?: Extra) => [
  page(path, audience, extra),
  form(path, audience, extra),
];
const api = (method: DoorMethod, path: string, audience: Audience, extra?: Extra) =>
  door("api", method, `/api${path}`, audience, extra);
/** A landing page, for visitors: a member is sent on to the members area. */
const lander = (path: string) => page(path, visitor);

export const doors: readonly Door[] = [
  // ---- Pages: entry, accounts and links from mails ----
  page("/", anyone),
  ...pageWithForm("/login", visitor),
  ...pageWithForm("/signup", visitor),
  ...pageWithForm("/complete-signup", member),
  ...pageWithForm("/signup-photo", member),
  page("/signup-matches", member),
  ...pageWithForm("/reset-password", anyone),
  ...pageWithForm("/reset-password/do", link),
  page("/activate/done", member),
  // The activation and reactivation links land here, logged in or not; the GET
  // only asks, and the page's button posts the link to activate and log in.
  page("/activate/done", link, { query: "token" }),
  form("/activate/done", link),
  page("/activate/error", anyone),
  form("/activate/resend", member),
  page("/mail-change/do", link),
  ...pageWithForm("/account-deleted", anyone),
  ...pageWithForm("/notifications", member),
  ...pageWithForm("/unsubscribe", link),
  page("/account/export", member),
  ...pageWithForm("/lang-config", anyone),
  ...pageWithForm("/site-entry", anyone),

  // ---- Pages: members, likes, games ----
  page("/members", anyone),
  page("/members/:id", anyone, { resource: "profile" }),
  form("/members/:id", member, { resource: "profile" }),
  page("/members/:id/signup", { kind: "visitor", memberTo: "/members/:id" }),
  // Opening the chat only looks (any site can link here); its button posts to start it.
  ...pageWithForm("/members/:id/chat", { kind: "member", visitorTo: "/members/:id/signup" }, { resource: "profile" }),
  page("/likes", member),
  page("/likes/:type", member),
  ...pageWithForm("/likes/m/:id", member, { resource: "profile" }),
  ...pageWithForm("/swipe-game", member),
  ...pageWithForm("/match-finder", member),
  ...pageWithForm("/profile", member),
  form("/report", member),

  // ---- Pages: chat ----
  page("/chats", member),
  page("/chats/:id", member, { resource: "conversation" }),

  // ---- Pages: credits and payments ----
  page("/premium", member),
  page("/pricing", anyone),
  ...pageWithForm("/credits", member),
  ...pageWithForm("/credits/repeat-order", member),
  ...pageWithForm("/credits/:id/:paymentmethod?", member),
  ...pageWithForm("/directdebit", member),
  page("/transactions/:id?", member, { resource: "own payment" }),
  ...pageWithForm("/payments/sandbox/:ref", link),

  // ---- Pages: content, landers, the installable app ----
  page("/pages/:page", anyone),
  ...pageWithForm("/complaints", anyone),
  // Reporting illegal content or a breach of the terms: open to anyone, logged in or not.
  ...pageWithForm("/notice", anyone),
  // The reasons for each decision that restricted the member, and their appeal.
  ...pageWithForm("/account/messages", member),
  // A reporter's appeal against the decision on their notice, through the link in its mail.
  ...pageWithForm("/appeal", link),
  page("/manifest.webmanifest", anyone),
  page("/app-icon/:file", anyone),
  page("/share-image.png", anyone),
  page("/offline", anyone),
  page("/members/:id/landing", { kind: "visitor", memberTo: "/members/:id" }),
  lander("/members/:id/landing2/:slug?"),
  lander("/members/:id/landing3/:slug?"),
  lander("/landers/tinderswipe"),
  lander("/landers/alonetonight/:slug?"),
  lander("/landers/collagelanding/:slug?"),
  lander("/landers/gallery/:slug?"),
  lander("/landers/iconslanding/:slug?"),
  lander("/landers/maplanding/:slug?"),
  lander("/landers/socialnetwork/:slug?"),
  lander("/landers/transitionsvideolanding/:slug?"),
  lander("/landers/video/:slug?"),
  // Any other path: the "page not found" page.
  page("/*", anyone),

  // ---- Pages: the operator console ----
  page("/admin", operator("dashboard.view")),
  ...pageWithForm("/admin/login", signIn),
  ...pageWithForm("/admin/login/verify", signIn),
  ...pageWithForm("/admin/logout", signIn),
  page("/admin/members", operator("members.view")),
  // Each action on a member checks its own, finer permission (operators/member-actions.ts).
  ...pageWithForm("/admin/members/:id", operator("members.view")),
  ...pageWithForm("/admin/moderation/photos", operator("photos.moderate")),
  ...pageWithForm("/admin/moderation/reports", operator("reports.handle")),
  ...pageWithForm("/admin/complaints", operator("complaints.handle")),
  ...pageWithForm("/admin/payments", operator("payments.view")),
  ...pageWithForm("/admin/domains", operator("domains.edit")),
  ...pageWithForm("/admin/domains/:domain", operator("domains.edit")),
  ...pageWithForm("/admin/outbox", operator("outbox.handle")),
  ...pageWithForm("/admin/broadcasts", operator("broadcasts.send")),
  page("/admin/audit", operator("audit.view")),
  page("/admin/desk", operator("desk")),
  ...pageWithForm("/admin/desk/:conversation", operator("desk")),
  ...pageWithForm("/admin/vulnerable", operator("vulnerability.review")),
  ...pageWithForm("/admin/notices", operator("notices.handle")),
  ...pageWithForm("/admin/appeals", operator("appeals.handle")),
  page("/admin/transparency", operator("transparency.export")),
  // The same figures as a CSV or JSON download.
  page("/admin/transparency/export", operator("transparency.export")),
  page("/admin/photos/:id/:variant", operator("members.view")),

  // ---- Pages: developer tools ----
  page("/dev/mail", developer),
  form("/dev/members", developer),
  ...pageWithForm("/dev/push/:token", developer),

  // ---- /api: site, reference data, signals ----
  api("GET", "/ping", anyone),
  api("GET", "/settings.php", anyone),
  api("GET", "/interests.php", anyone),
  api("GET", "/regions.php", anyone),
  api("GET", "/companyinfo.php", anyone),
  api("GET", "/geocode.php", anyone),
  api("POST", "/page-hidden.php", anyone),

  // ---- /api: the member ----
  api("GET", "/user.php", anyone),
  // Logging in.
  api("POST", "/user.php", anyone),
  api("POST", "/user.php", member, { query: "push" }),
  api("DELETE", "/user.php", member, { query: "push" }),
  api("PUT", "/user.php", member),
  api("GET", "/push.php", member),
  api("GET", "/logout.php", anyone),
  api("POST", "/logout.php", anyone),
  api("GET", "/mail/unsubscribe", link),
  api("POST", "/mail/unsubscribe", link),
  api("POST", "/mail/events", provider),

  // ---- /api: likes and chat ----
  api("GET", "/likes.php", member),
  api("GET", "/auto-like.php", member),
  api("GET", "/chats.php", member),
  api("DELETE", "/chat.php", member, { resource: "conversation" }),
  door("socket", "GET", "/api/chat/socket", member, { resource: "conversation" }),
  door("socket", "GET", "/api/signal/socket", member),
  api("GET", "/chat/messages", member, { resource: "conversation" }),
  api("POST", "/chat/messages", member, { resource: "conversation" }),
  api("POST", "/chat/read", member, { resource: "conversation" }),
  api("POST", "/chat/photo", member, { resource: "conversation" }),
  api("POST", "/chat/operator-notice", member, { resource: "conversation" }),

  // ---- /api: photos, discounts, payments ----
  api("GET", "/photos", member),
  api("POST", "/photos", member),
  api("PATCH", "/photos/:id{[0-9]+}", member, { resource: "own photo" }),
  api("DELETE", "/photos/:id{[0-9]+}", member, { resource: "own photo" }),
  api("GET", "/discountcode.php", member),
  api("GET", "/timebonus", member),
  api("GET", "/payments/:id{[0-9]{1,12}}", member, { resource: "own payment" }),
  api("POST", "/payments/webhook/:provider{sandbox|mollie}", provider),
  door("socket", "GET", "/api/bench/echo", developer),

  // ---- Media from R2 ----
  door("media", "GET", "/media/photos/:key{[A-Za-z0-9/_.-]+}", anyone, { resource: "public photo file" }),
  door("media", "GET", "/media/private/:id{[0-9]{1,15}}/:variant{full|thumb}", anyone, {
    resource: "viewable photo",
  }),
  door("media", "GET", "/media/chat/:conversation{[0-9]{1,15}}/:file{[A-Za-z0-9_-]+\\.jpg}", member, {
    resource: "conversation",
  }),

  // ---- Site files ----
  door("site", "GET", "/robots.txt", anyone),
  door("site", "GET", "/sitemap.xml", anyone),
  door("site", "GET", "/sitemap/:file{[1-9][0-9]{0,5}\\.xml}", anyone),
];
