import type { AccountsContext } from "./context.ts";

/** What the signup form needs to know of the domain's rules. */
export function signupLimits(app: Pick<AccountsContext, "settings" | "now">) {
  const today = new Date(app.now());
  today.setUTCFullYear(today.getUTCFullYear() - app.settings.minimum_age);
  return { minimumAge: app.settings.minimum_age, maxBirthDate: today.toISOString().slice(0, 10) };
}
