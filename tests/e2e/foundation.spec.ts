import { expect, expectAccessible, test } from "./support.ts";

test.describe("home", () => {
  test("greets a Dutch visitor in Dutch with real members from the database", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Ontmoet iemand die net zo nieuwsgierig is als jij",
    );
    const cards = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("img") });
    await expect(cards).toHaveCount(8);
    await expect(page.getByRole("link", { name: "Inloggen" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Hartslag Media B.V.");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "+31 20-123 45 67" })).toHaveAttribute(
      "href",
      "tel:+31201234567",
    );
    await expectAccessible(page);
  });

  test.describe("from Belgium with a German browser", () => {
    test.use({ country: "BE", locale: "de-DE" });
    test("greets the visitor in German", async ({ page }) => {
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.getByRole("link", { name: "Einloggen" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Triff jemanden, der genauso neugierig ist wie du",
      );
      await expectAccessible(page);
    });
  });

  test("hides the language menu when the visitor's country has one language", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("language-menu")).toHaveCount(0);
  });
});

test.describe("language", () => {
  test.use({ country: "BE" });

  test("switching sets the locale cookie and keeps the choice", async ({ page, context }) => {
    await page.goto("/members");
    await page.getByTestId("language-menu").click();
    await page.getByRole("button", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveURL(/\/members$/);
    const cookie = (await context.cookies()).find((c) => c.name === "lng");
    expect(cookie?.value).toBe("fr");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86_400);
    await page
      .getByRole("link", { name: /Hartslag/ })
      .first()
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("/lang-config offers every language, the country's first", async ({ page }) => {
    await page.goto("/lang-config");
    const suggested = page.getByRole("group").first();
    await expect(suggested.getByRole("button")).toHaveText(["Nederlands", "Français", "Deutsch"]);
    await page.getByRole("button", { name: "Suomi" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fi");
    await expectAccessible(page);
  });
});

test.describe("errors", () => {
  test("a missing page says so, with a way home", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Deze pagina kon niet worden gevonden" })).toBeVisible();
    await page.getByRole("link", { name: "Terug naar de startpagina" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectAccessible(page);
  });

  test("a malformed search answers 400 with a clear message", async ({ page }) => {
    const response = await page.goto("/members?gender=robot");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: /Deze zoekopdracht klopt niet/ })).toBeVisible();
  });

  test("an unknown member is a 404", async ({ page }) => {
    const response = await page.goto("/members/99999999");
    expect(response?.status()).toBe(404);
  });
});

test.describe("members", () => {
  test("filters members by country and age", async ({ page }) => {
    await page.goto("/members");
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(24);
    await page.getByLabel("Land").selectOption({ label: "Duitsland" });
    await page.getByLabel("Leeftijd vanaf").fill("30");
    await page.getByLabel("Leeftijd tot").fill("40");
    await page.getByRole("button", { name: "Zoeken" }).click();
    await expect(page).toHaveURL(/country=DE/);
    await expect(cards.first()).toContainText("Duitsland");
    for (const card of await cards.allTextContents()) {
      const age = Number(/(\d{2})/.exec(card)?.[1]);
      expect(age).toBeGreaterThanOrEqual(30);
      expect(age).toBeLessThanOrEqual(40);
    }
    await expectAccessible(page);
  });

  test("opens a profile with photos, facts and interests", async ({ page }) => {
    // Belgian members are all seeded ones (members created by other tests live in NL).
    await page.goto("/members?country=BE");
    const first = page.getByRole("main").getByRole("listitem").first();
    const name = (await first.getByTestId("member-name").textContent())!.trim();
    await first.getByRole("link").click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    await expect(page.getByRole("img", { name: /Foto van/ }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Interesses" })).toBeVisible();
    await expect(page.getByText("Postuur")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("site-entry warning", () => {
  test.use({ enteredSite: false });

  test("is shown once, and entering records it", async ({ page, context }) => {
    await page.goto("/");
    const warning = page.getByTestId("site-entry-warning");
    await expect(warning).toBeVisible();
    await expectAccessible(page);
    await warning.getByRole("button", { name: /Ik ben 18\+/ }).click();
    await expect(warning).toBeHidden();
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "site_entry_skipped")).toBe(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("site-entry-warning")).toHaveCount(0);
  });
});
