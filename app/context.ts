// What every request carries, for React Router loaders/actions and Hono handlers
// alike: built once in the Worker (workers/server.ts) and never rebuilt below it;
// only the /admin gate (workers/admin.ts) fills in the operator.
import { createContext } from "react-router";
import type { Locale } from "#app/i18n/locales.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import type { Database } from "#app/server/db/client.ts";
import type { Logger } from "#app/server/log.ts";
import type { SessionOperator } from "#app/server/operators/session.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";

export interface RequestContext {
  env: Env;
  ctx: ExecutionContext;
  db: Database;
  /** The domain (host without www. and port) this request came in on. */
  domain: string;
  /**
   * That domain's settings; for a logged-in member, with their own domain's
   * terms (prices, packages, payment methods, limits: settings/member-settings.ts).
   */
  settings: SiteSettings;
  /** The visitor's country (ISO alpha-2), from geo-IP or the domain's settings. */
  country: string;
  locale: Locale;
  requestId: string;
  /** Scheme and host of this request, for links in mails. */
  origin: string;
  /** The visitor's IP address (CF-Connecting-IP), for throttling. */
  clientIp: string;
  /** The logged-in member, or null for a visitor. */
  member: SessionMember | null;
  /** On a console path, the operator of the session (verified or not); otherwise null. */
  operator: SessionOperator | null;
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  log: Logger;
  /** Injected clock: rules never call Date.now() themselves. */
  now: () => number;
}

export const requestContext = createContext<RequestContext>();
