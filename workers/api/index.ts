// /api/*: the *.php compatibility endpoints the existing clients use, plus JSON/WS
// endpoints the UI uses.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { csrf } from "hono/csrf";
import { withinRateLimit } from "#app/server/limits/rate-limits.ts";
import { MAX_UPLOAD_BYTES, tooLarge } from "#app/server/photos/limits.ts";
import type { AppEnv } from "#workers/server.ts";
import { addBenchRoutes } from "./bench.ts";
import { chatApi } from "./chat.ts";
import { apiError, domainErrorResponse } from "./errors.ts";
import { likesApi } from "./likes.ts";
import { mailApi } from "./mail.ts";
import { pageHiddenApi } from "./page-hidden.ts";
import { paymentsApi } from "./payments.ts";
import { photosApi } from "./photos.ts";
import { pushApi } from "./push.ts";
import { referenceApi } from "./reference.ts";
import { sessionApi } from "./session.ts";
import { settingsApi } from "./settings.ts";
import { signalApi } from "./signal.ts";
import { userApi } from "./user.ts";

const UPLOADS = new Set(["POST /api/photos", "POST /api/chat/photo"]);
const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: (c) => domainErrorResponse(c, tooLarge()),
});
const jsonLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: (c) => apiError(c, 413, "too_large", "errors:tooLarge"),
});

export const api = new Hono<AppEnv>()
  // State-changing calls only from this site's pages (Origin / Sec-Fetch-Site);
  // payment providers' webhooks come from their servers and prove nothing by
  // origin: they carry only an id whose status is asked from the provider.
  // The same goes for the mail provider's reports and mail clients' one-click unsubscribe.
  .use(async (c, next) =>
    c.req.path.startsWith("/api/payments/webhook/") || c.req.path.startsWith("/api/mail/") ? next() : csrf()(c, next),
  )
  // Every body is bounded before a handler reads it, declared length or not:
  // a photo upload by the photo limit (plus its form), anything else by 64 KB.
  .use(async (c, next) => (UPLOADS.has(`${c.req.method} ${c.req.path}`) ? uploadLimit(c, next) : jsonLimit(c, next)))
  .use(async (c, next) => {
    const { app } = c.var;
    const request = {
      method: c.req.method,
      path: c.req.path,
      memberId: app.member?.id ?? null,
      clientIp: app.clientIp,
    };
    if (await withinRateLimit(c.env, request)) return next();
    c.header("Retry-After", "60");
    return apiError(c, 429, "rate_limited", "errors:rateLimited");
  })
  // The ceiling for benchmarks: the cheapest answer this Worker can give.
  .get("/ping", (c) => c.json({ ok: true }))
  .route("/", settingsApi)
  .route("/", pageHiddenApi)
  .route("/", referenceApi)
  .route("/", userApi)
  .route("/", pushApi)
  .route("/", mailApi)
  .route("/", sessionApi)
  .route("/", likesApi)
  .route("/", chatApi)
  .route("/", signalApi)
  .route("/", paymentsApi)
  .route("/", photosApi);
// The benchmark relay is a local tool: a production build has no such route.
if (__LOCAL_TOOLS__) addBenchRoutes(api);
api.all("*", (c) => apiError(c, 404, "not_found", "errors:apiNotFound"));
