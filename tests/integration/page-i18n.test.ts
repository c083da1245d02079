// Pages render with their locale's i18next instance, kept per isolate
// (app/i18n/i18next.server.ts): pages in different locales served at the same
// time never get each other's texts, and what one render sets on its i18n
// object stays with that page.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pageI18n, translator } from "#app/i18n/i18next.server.ts";
import type { Locale } from "#app/i18n/locales.ts";

const visitor = { cookie: "site_entry_skipped=1" };

async function renderedIn(lng: Locale) {
  const html = await (await SELF.fetch(`http://localhost/members?lng=${lng}`, { headers: visitor })).text();
  const embedded = /<script id="i18n-resources" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  const { locale, resources } = JSON.parse(embedded ?? "{}") as {
    locale: string;
    resources: { common: { nav: { skipToContent: string } } };
  };
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    locale,
    skipLink: resources.common.nav.skipToContent,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  };
}

describe("page translations", () => {
  it("renders each page in its own locale while pages in other locales render at the same time", async () => {
    const asked: Locale[] = ["de", "nl", "en", "fr", "de", "nl", "en", "fr"];
    // Each locale's page once first, one after another: in the test runner a page's first render may have
    // the runner load or reload the app's modules (I/O), and requests that wait on another request's I/O are
    // cancelled as hung; a deployed Worker has its modules bundled.
    for (const lng of new Set(asked)) await renderedIn(lng);
    const pages = await Promise.all(asked.map(renderedIn));
    pages.forEach((page, i) => {
      const lng = asked[i]!;
      const t = translator(lng);
      expect(page).toEqual({
        lang: lng,
        locale: lng,
        skipLink: t("common:nav.skipToContent"),
        title: expect.stringContaining(t("members:title")),
      });
    });
    expect(new Set(pages.map((page) => page.skipLink)).size).toBe(4);
  });

  it("gives every page an i18n object of its own, in its locale", () => {
    const first = pageI18n("de");
    const second = pageI18n("de");
    const dutch = pageI18n("nl");
    expect(first).not.toBe(second);
    expect([first.language, dutch.language]).toEqual(["de", "nl"]);
    expect(first.t("common:nav.skipToContent")).not.toBe(dutch.t("common:nav.skipToContent"));

    // react-i18next keeps state on the object a page renders with.
    (first as unknown as { reportNamespaces: unknown }).reportNamespaces = "first page's";
    expect((second as unknown as { reportNamespaces?: unknown }).reportNamespaces).not.toBe("first page's");
    expect((dutch as unknown as { reportNamespaces?: unknown }).reportNamespaces).not.toBe("first page's");
  });
});
