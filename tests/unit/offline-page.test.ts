// The page the service worker shows without network: in the member's
// language and the domain's theme, with the site's name as text, never markup.
import { describe, expect, it, vi } from "vitest";
import type { SiteSettings } from "#app/server/settings/schema.ts";

// The icon renderer's image library loads WebAssembly meant for the Worker; the page only needs the heart's outline.
vi.mock("#app/server/pwa/icons.ts", () => ({ HEART_PATH: "M12 21 2 8a5 5 0 0 1 10-2z" }));
const { offlinePage } = await import("#app/server/pwa/offline-page.tsx");

const settings = (name: string, theme?: SiteSettings["theme"]) => ({ name, theme }) as SiteSettings;

describe("the offline page", () => {
  it("speaks the member's language and offers to try again", () => {
    const html = offlinePage(settings("Hartslag"), "nl");
    expect(html).toMatch(/^<!doctype html>\n<html lang="nl">/);
    expect(html).toContain("<title>Je bent offline – Hartslag</title>");
    expect(html).toMatch(/<a href=""[^>]*>[^<]+<\/a>/);
  });

  it("takes the domain's theme colour and shows its name as text", () => {
    const html = offlinePage(settings(`<b>Bob's</b> & "Co"`, { primary: "#123456", secondary: "#654321" }), "en");
    expect(html).toContain('<meta name="theme-color" content="#123456"/>');
    expect(html).toContain('<path fill="#123456"');
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;b&gt;Bob&#x27;s&lt;/b&gt; &amp; &quot;Co&quot;");
  });
});
