// The production path, end to end: the build without local tools deploys
// (wrangler's dry run, within the Workers size limit); served with no secrets
// it answers every page with a 503 and logs what is missing; served with the
// providers' fakes it sends the activation mail through the send_email
// binding, and books credits only when Mollie says a payment is paid.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { Page } from "@playwright/test";
import { localVars } from "../../scripts/lib/dev-vars.ts";
import { bin, quietEnv } from "../../scripts/lib/local.ts";
import { productionBuild } from "../../scripts/lib/production-build.ts";
import { createMollieFake, FAKE_MOLLIE_KEY } from "../fakes/mollie.ts";
import { serveFakes } from "../fakes/server.ts";
import { createTwilioFake, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN } from "../fakes/twilio.ts";
import { type ProductionServer, serveProductionBuild } from "./production-server.ts";
import { expect, fillDirectDebitForm, PASSWORD, test, text, uniqueEmail } from "./support.ts";

test.describe.configure({ mode: "serial", timeout: 150_000 });
// One browser proves the production path: the desktop one.

const PORT = Number(process.env.E2E_PORT ?? 4173) + 11;
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
/** The Workers Paid plan's limit on a Worker's compressed size. */
const WORKER_GZIP_LIMIT_KIB = 10 * 1024;

test("the production build deploys: wrangler's dry run passes, within the size limit, without local tools", () => {
  const dryRun = spawnSync(
    bin("wrangler"),
    [
      "deploy",
      "--dry-run",
      "--config",
      join(productionBuild.dir, "server", "wrangler.json"),
      "--outdir",
      join(productionBuild.dir, "dry-run"),
    ],
    { env: quietEnv, encoding: "utf8" },
  );
  expect(dryRun.status, dryRun.stderr).toBe(0);
  const report = stripVTControlCharacters(dryRun.stdout);
  const [, total, gzip] = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(report) ?? [];
  console.log(`Worker upload ${total} KiB, gzip ${gzip} KiB of the ${WORKER_GZIP_LIMIT_KIB} KiB limit`);
  expect(Number(gzip)).toBeGreaterThan(0);
  expect(Number(gzip)).toBeLessThan(WORKER_GZIP_LIMIT_KIB);
  expect(report).toContain("env.EMAIL");
  expect(report).not.toContain("ECHO_ROOM");

  const serverDir = join(productionBuild.dir, "server");
  const bundle = [serverDir, join(serverDir, "assets")]
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(".js"))
        .map((f) => readFileSync(join(dir, f), "utf8")),
    )
    .join("\n");
  for (const localTool of ["class EchoRoom", '"/bench/echo"', "routes/dev-mail", "routes/payments-sandbox"]) {
    expect(bundle, localTool).not.toContain(localTool);
  }
});

test("without its secrets every page answers 503, and the log names each missing one", async () => {
  const server = await serveProductionBuild(PORT, {});
  try {
    for (const path of ["/", "/login", "/signup", "/members", "/credits", "/admin", "/dev/mail", "/api/ping"]) {
      const response = await fetch(`${server.url}${path}`, { headers: { "accept-language": "nl" } });
      expect(response.status, path).toBe(503);
      expect(await response.text(), path).toContain(t("errors:unavailable"));
    }
    await expect.poll(() => server.log()).toContain("configuration refused: not serving");
    for (const name of ["MAIL_LINK_SECRET", "MOLLIE_API_KEY", "TWILIO_AUTH_TOKEN", "VAPID_PRIVATE_KEY"]) {
      expect(server.log()).toContain(name);
    }
  } finally {
    await server.stop();
  }
});

test.describe("with the providers' fakes as its secrets", () => {
  const mollie = createMollieFake();
  const twilio = createTwilioFake();
  let fakes: Awaited<ReturnType<typeof serveFakes>>;
  let server: ProductionServer;

  test.beforeAll(async () => {
    fakes = await serveFakes({ mollie, twilio });
    const generated = await localVars();
    server = await serveProductionBuild(PORT, {
      MAIL_LINK_SECRET: generated.MAIL_LINK_SECRET!,
      MAIL_WEBHOOK_SECRET: generated.MAIL_WEBHOOK_SECRET!,
      MOLLIE_API_KEY: FAKE_MOLLIE_KEY,
      MOLLIE_API_URL: `${fakes.url}/mollie`,
      TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
      TWILIO_API_URL: `${fakes.url}/twilio`,
      SMS_FROM: "Hartslag",
      VAPID_PUBLIC_KEY: generated.VAPID_PUBLIC_KEY!,
      VAPID_PRIVATE_KEY: generated.VAPID_PRIVATE_KEY!,
      VAPID_SUBJECT: "mailto:ops@hartslag.example",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fakes?.close();
  });

  test("the local tools are not there", async () => {
    for (const path of ["/payments/sandbox/1", "/dev/mail", "/dev/push/x", "/api/bench/echo"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });

  test("a host without domain settings is no site: 404, never the built-in settings", async () => {
    // The same server under another name: 127.0.0.1 has no settings, localhost has.
    const unknown = server.url.replace("//localhost:", "//127.0.0.1:");
    for (const path of ["/", "/login", "/api/settings.php"]) {
      const response = await fetch(`${unknown}${path}`, { headers: { "accept-language": "nl" } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(t("errors:unknownDomain"));
    }
    expect((await fetch(`${server.url}/api/settings.php`)).status).toBe(200);
  });

  /** The text of the newest mail the send_email binding took for an address. */
  async function mailText(to: string): Promise<string> {
    let body = "";
    await expect
      .poll(
        () => {
          const sent = server.log().split("send_email binding called with MessageBuilder:").slice(1);
          const mail = sent.findLast((entry) => entry.includes(to));
          const file = mail && /Text: (\S+\.txt)/.exec(mail)?.[1];
          body = file ? readFileSync(file, "utf8") : "";
          return body;
        },
        { timeout: 20_000 },
      )
      .not.toBe("");
    return body;
  }

  async function credits(page: Page): Promise<number> {
    const { user } = await (await page.request.get(`${server.url}/api/user.php`)).json();
    return user.credits;
  }

  test("signup's activation mail goes through send_email; credits come only when Mollie says paid", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    await context.addCookies([
      { name: "site_entry_skipped", value: String(Date.now()), url: server.url },
      { name: "lng", value: "nl", url: server.url },
    ]);
    // The browser "visits Mollie": the hosted checkout is answered here, and the test plays the payer.
    await context.route("https://www.mollie.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Mollie</title><h1>Mollie checkout</h1>" }),
    );
    const page = await context.newPage();

    const email = uniqueEmail("production");
    await page.goto("/signup");
    await page.getByLabel(t("accounts:signup.iAm")).selectOption("female");
    await page.getByLabel(t("accounts:signup.seeking")).selectOption("male");
    await page.getByLabel(t("accounts:fields.name")).fill("Mira");
    await page.getByLabel(t("accounts:fields.email")).fill(email);
    await page.getByLabel(t("accounts:fields.dateOfBirth")).fill("1992-06-15");
    await page.getByLabel(t("accounts:fields.password"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t("accounts:signup.submit") }).click();
    await expect(page).toHaveURL(/\/complete-signup$/);

    const activation = /https?:\/\/\S*\/activate\/done\?\S*token=[\w-]+/.exec(await mailText(email))?.[0];
    expect(activation).toMatch(new RegExp(`^${server.url}/`));
    await page.goto(activation!);
    await page.getByRole("button", { name: t("accounts:followLink.activateButton") }).click();
    await expect(page).toHaveURL(/\/activate\/done$/);

    await page.goto("/credits");
    await page.getByTestId("package-p0").getByRole("link").click();
    await page.getByTestId("method-ideal").click();
    await page.getByRole("button", { name: t("payments:credits.pay") }).click();
    await expect(page.getByRole("heading", { name: "Mollie checkout" })).toBeVisible();
    const payment = mollie.lastPayment()!;
    expect(payment).toMatchObject({ status: "open", method: "ideal" });

    // A webhook is only a nudge: while Mollie says "open", nothing is booked.
    const webhook = () => fetch(payment.webhookUrl!, { method: "POST", body: new URLSearchParams({ id: payment.id }) });
    expect((await webhook()).status).toBe(200);
    expect(await credits(page)).toBe(0);

    mollie.setStatus(payment.id, "paid");
    expect((await webhook()).status).toBe(200);
    expect((await webhook()).status).toBe(200);
    await page.goto(payment.redirectUrl!);
    await expect(page.getByRole("heading", { name: t("payments:transactions.completed") })).toBeVisible();
    expect(await credits(page)).toBe(25);

    // Direct debit: the texted code signs the mandate at Mollie; the collection
    // books nothing until Mollie reports it paid.
    await page.goto("/credits");
    await page.getByTestId("package-p0").getByRole("link").click();
    await page.getByTestId("method-directdebit").click();
    await page.getByRole("button", { name: t("payments:credits.pay") }).click();
    const mobile = await fillDirectDebitForm(page, "NL91ABNA0417164300");
    await page.getByRole("button", { name: t("payments:directDebit.submit") }).click();
    await expect(page.getByRole("heading", { name: t("payments:directDebit.codeTitle") })).toBeVisible();

    let code = "";
    await expect
      .poll(() => (code = /\b(\d{6})\b/.exec(twilio.messages.findLast((m) => m.to === mobile)?.body ?? "")?.[1] ?? ""))
      .not.toBe("");
    expect(twilio.messages.findLast((m) => m.to === mobile)?.from).toBe("Hartslag");
    await page.getByLabel(t("payments:directDebit.code")).fill(code);
    await page.getByRole("button", { name: t("payments:directDebit.confirm") }).click();
    await expect(page.getByRole("heading", { name: t("payments:transactions.collectionPending") })).toBeVisible();
    const collection = mollie.lastPayment()!;
    expect(collection).toMatchObject({ sequenceType: "recurring", status: "pending" });
    expect(collection.mandateId).toMatch(/^mdt_/);
    expect(await credits(page)).toBe(25);

    mollie.setStatus(collection.id, "paid");
    const collected = await fetch(collection.webhookUrl!, {
      method: "POST",
      body: new URLSearchParams({ id: collection.id }),
    });
    expect(collected.status).toBe(200);
    await page.reload();
    await expect(page.getByRole("heading", { name: t("payments:transactions.completed") })).toBeVisible();
    expect(await credits(page)).toBe(50);
    // Every request the Worker sent Mollie, and every answer of the fake, fits Mollie's published schemas.
    expect(mollie.violations).toEqual([]);
    await context.close();
  });
});
