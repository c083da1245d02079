// The Worker's HTTP surface, shared by the real entry (workers/app.ts) and the
// workerd integration tests: request context, security headers, request ids,
// access log, one address per page (canonical-address.ts), /api/* and /media/*;
// everything else goes to `ui` (React Router).
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { RequestContext } from "#app/context.ts";
import { LOCALE_QUERY } from "#app/i18n/alternates.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { LOCALE_COOKIE, negotiateLocale } from "#app/i18n/negotiate.ts";
import { findSessionMember, sessionUpkeep } from "#app/server/accounts/session.ts";
import { clearedSessionCookie, sessionCookie, sessionToken } from "#app/server/accounts/session-cookie.ts";
import { appConfig } from "#app/server/config/env.ts";
import { createDb } from "#app/server/db/client.ts";
import { errorCatalogue } from "#app/server/errors.ts";
import { createLogger, errorFields } from "#app/server/log.ts";
import { memberSettings } from "#app/server/settings/member-settings.ts";
import { domainOf, servedSettings } from "#app/server/settings/resolve.ts";
import { visitorCountry } from "#app/server/settings/visitor-country.ts";
import { workerAccess } from "./access.ts";
import { adminGate } from "./admin.ts";
import { apiError } from "./api/errors.ts";
import { api } from "./api/index.ts";
import { languageAddress, oneAddress } from "./canonical-address.ts";
import { configGate } from "./config-gate.ts";
import { media } from "./media.ts";
import { plainAnswer } from "./plain-page.ts";
import { seo } from "./seo.ts";
import { watchUnreadBody } from "./unread-body.ts";

/** Page forms (not uploads, which go to /api) are never larger than this. */
const MAX_FORM_BYTES = 256 * 1024;

export type AppEnv = {
  Bindings: Env;
  Variables: { app: RequestContext; requestId: string; secureHeadersNonce?: string };
};
export type UiHandler = (request: Request, app: RequestContext) => Promise<Response>;

export function createServer(ui: UiHandler) {
  const server = new Hono<AppEnv>();

  server.use(requestId({ generator: (c) => c.req.header("cf-ray") ?? crypto.randomUUID() }));
  server.use(async (c, next) => {
    const started = Date.now();
    const body = watchUnreadBody(c.req.raw);
    c.req.raw = body.request;
    await next();
    await body.settle();
    const path = new URL(c.req.url).pathname;
    c.var.app?.log.info("request", { method: c.req.method, path, status: c.res.status, ms: Date.now() - started });
  });
  server.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [NONCE, "'strict-dynamic'", "'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginResourcePolicy: "same-origin",
      permissionsPolicy: { geolocation: ["self"], camera: [], microphone: [], payment: [] },
      // Handlers that need their own policy (media files) set it themselves.
      overwrite: false,
    }),
  );
  server.use(configGate);
  server.use(oneAddress);
  server.use(async (c, next) => {
    const id = c.var.requestId;
    const log = createLogger(id);
    const domain = domainOf(c.req.header("host") ?? new URL(c.req.url).host);
    const site = await servedSettings(c.env, domain);
    // A host without settings is no site of ours: never the built-in ones in production.
    if (!site) {
      const { status, message } = errorCatalogue.unknown_domain;
      return plainAnswer(c, status, { code: "unknown_domain", title: "errors:unknownDomainTitle", message });
    }
    const country = visitorCountry(c.req.raw, site, appConfig(c.env).production);
    const locale = negotiateLocale({
      query: c.req.query(LOCALE_QUERY),
      cookie: getCookie(c, LOCALE_COOKIE),
      domainLanguage: site.domain_language,
      acceptLanguage: c.req.header("accept-language"),
      country,
    });
    const db = createDb(c.env.DB);
    const now = Date.now();
    const token = sessionToken(c.req.raw);
    const found = token ? await findSessionMember(db, token, now) : null;
    // The one place a session becomes a member: only on a host that may serve
    // them, with their own domain's terms (settings/member-settings.ts).
    const served = found ? await memberSettings({ env: c.env, domain, settings: site }, found) : null;
    const member = served ? found : null;
    const settings = served ?? site;
    const app: RequestContext = {
      env: c.env,
      ctx: c.executionCtx as ExecutionContext,
      db,
      domain,
      settings,
      country,
      locale,
      requestId: id,
      origin: new URL(c.req.url).origin,
      clientIp: c.req.header("cf-connecting-ip") ?? "local",
      member,
      operator: null,
      nonce: c.var.secureHeadersNonce ?? "",
      log,
      now: Date.now,
    };
    c.set("app", app);
    await next();

    if (token && !member) {
      c.res.headers.append("Set-Cookie", clearedSessionCookie(c.req.raw));
    } else if (member) {
      const upkeep = sessionUpkeep(db, member, now);
      if (upkeep.statements.length) {
        const [first, ...rest] = upkeep.statements;
        app.ctx.waitUntil(
          db.batch([first!, ...rest]).catch((e: unknown) => log.warn("session upkeep failed", errorFields(e))),
        );
      }
      if (upkeep.renewedUntil && token) {
        c.res.headers.append("Set-Cookie", sessionCookie(c.req.raw, token, upkeep.renewedUntil - now));
      }
    }
  });

  server.use(languageAddress);
  server.use(adminGate);
  server.use(workerAccess);
  server.route("/api", api);
  server.route("/media", media);
  server.route("/", seo);
  // Page forms only from this site's own pages: browsers send Origin (or
  // Sec-Fetch-Site) with every POST, so a post carrying neither is refused too.
  server.use("*", csrf());
  server.all("*", async (c) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || !c.req.raw.body) return ui(c.req.raw, c.var.app);
    // Page forms are small: read them whole, so an action that never looks at its
    // body cannot leave it on the connection, and an oversized post stops here.
    const size = Number(c.req.header("content-length") ?? 0);
    if (size > MAX_FORM_BYTES) return apiError(c, 413, "too_large", "errors:tooLarge");
    const body = await c.req.arrayBuffer();
    if (body.byteLength > MAX_FORM_BYTES) return apiError(c, 413, "too_large", "errors:tooLarge");
    return ui(new Request(c.req.raw, { body }), c.var.app);
  });

  server.onError((error, c) => {
    // Middleware refusals (CSRF origin check...) keep their 4xx, in the visitor's words.
    if (error instanceof HTTPException && error.status < 500) {
      const t = translator(c.var.app?.locale ?? "nl");
      return c.json({ error: "forbidden", message: t("errors:forbiddenOrigin") }, error.status);
    }
    const log = c.var.app?.log ?? createLogger(c.var.requestId ?? "unknown");
    log.error("unhandled error", errorFields(error));
    return c.json({ error: "internal_error", requestId: c.var.requestId }, 500);
  });
  return server;
}
