// Signups a UTC day per client address. Each signup mails an activation link
// to an address someone typed; the `auth` rate limit alone (20 a minute) would
// let one client address make some 28,800 a day. 20 a day is more than a
// household, an office or a mobile carrier's shared address (carrier-grade
// NAT) signs up to one site in a day, and far too few to use us for mailing
// strangers. The use is taken before the password is hashed, so a refused
// signup costs nothing, and given back when the signup writes nothing after all.
//
// Which requests count. Behind Cloudflare every request carries
// CF-Connecting-IP, set by the edge from the connection (a visitor cannot
// choose it), and never a loopback address. Locally every signup comes from
// one machine: `npm start`, the end-to-end server and the production build
// served locally (wrangler and Vite give it 127.0.0.1 or ::1, or no header at
// all), where journeys sign up many members from one address day after day.
// So a loopback address is never counted (a deployed Worker never sees one),
// and a request without the header is counted under one shared key in
// production (where it cannot happen: a door must not open without a limit if
// it somehow did) but not in development (APP_ENV=development), where it is the
// local dev server or a test.
import type { RequestContext } from "#app/context.ts";
import { appConfig } from "#app/server/config/env.ts";
import { DomainError } from "#app/server/errors.ts";
import { giveBackDailyUse, takeDailyUse } from "#app/server/limits/daily-counts.ts";
import type { AccountsContext } from "./context.ts";

/** Signups a UTC day from one client address. */
const SIGNUPS_PER_CLIENT_PER_DAY = 20;

/** What `clientIp` is when the request had no CF-Connecting-IP (workers/server.ts). */
const NO_ADDRESS = "local";

export type SignupContext = AccountsContext & Pick<RequestContext, "clientIp">;

const isLoopback = (ip: string) => /^(::ffff:)?127\./i.test(ip) || ip === "::1";

/** The key a signup from `clientIp` is counted under, or null when it is not counted. */
export function signupCountKey(clientIp: string, config: { production: boolean }): string | null {
  if (isLoopback(clientIp)) return null;
  if (clientIp === NO_ADDRESS && !config.production) return null;
  return clientIp;
}

const countedUse = (app: SignupContext) => {
  const key = signupCountKey(app.clientIp, appConfig(app.env));
  return key === null ? null : ({ scope: "signup_client", key } as const);
};

/** Takes one of today's signups of the client address; refused (signup_limit) when they are used up. */
export async function takeSignup(app: SignupContext) {
  const use = countedUse(app);
  if (use && !(await takeDailyUse(app, { ...use, limit: SIGNUPS_PER_CLIENT_PER_DAY }))) {
    throw new DomainError("signup_limit");
  }
}

/** Gives the signup back: it wrote nothing. */
export async function giveBackSignup(app: SignupContext) {
  const use = countedUse(app);
  if (use) await giveBackDailyUse(app, use);
}
