// The demo operators of the seed, signed in to the console the way a person
// does: password, then the code their authenticator shows now.
import { generateTOTP } from "@epic-web/totp";
import type { Browser, Page } from "@playwright/test";
import { demoOperators, OPERATOR_DEMO_PASSWORD } from "../../scripts/seed/operators.ts";
import { anotherVisitor, expect, text } from "./support.ts";

const ta = (key: string) => text("nl", `admin:${key}`);

/** A demo operator of `role`, signed in (password, then the code their authenticator would show now). */
export async function signedInOperator(
  browser: Browser,
  baseURL: string,
  role: "admin" | "moderator" | "support" | "chat",
): Promise<Page> {
  const account = demoOperators.find((o) => o.role === role)!;
  const page = await anotherVisitor(browser, baseURL);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  await page.getByLabel(ta("login.email")).fill(account.email);
  await page.getByLabel(ta("login.password")).fill(OPERATOR_DEMO_PASSWORD);
  await page.getByRole("button", { name: ta("login.submit") }).click();
  await expect(page).toHaveURL(/\/admin\/login\/verify/);
  const code = async () =>
    (await generateTOTP({ secret: account.totpSecret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
  // A code works once: if this operator's current code was used already (an earlier
  // run in the same 30 seconds), the next one is taken when the authenticator shows it.
  for (let attempt = 1; ; attempt++) {
    const otp = await code();
    await page.getByLabel(ta("verify.code")).fill(otp);
    await page.getByRole("button", { name: ta("verify.submit") }).click();
    const signedIn = await expect(page)
      .toHaveURL(/\/admin$/)
      .then(() => true)
      .catch((error: unknown) => {
        if (attempt > 1) throw error;
        return false;
      });
    if (signedIn) break;
    await expect.poll(code, { timeout: 35_000, intervals: [1_000] }).not.toBe(otp);
  }
  return page;
}
