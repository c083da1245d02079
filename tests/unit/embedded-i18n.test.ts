// The translations a page embeds (docs/decisions/0002): what the browser needs,
// not the mails' texts, and the console's only inside the console.
import { describe, expect, it } from "vitest";
import { embeddedI18nJson, pageResources, scriptSafeJson } from "#app/i18n/embedded.ts";

const all = { common: { a: "A" }, mail: { subject: "S" }, admin: { title: "T" }, chat: { b: "B" } };

describe("embedded translations", () => {
  it("leave the mails' texts and the console's out of member pages", () => {
    expect(Object.keys(pageResources(all, "/members"))).toEqual(["common", "chat"]);
    expect(Object.keys(pageResources(all, "/administrator"))).toEqual(["common", "chat"]);
  });

  it("give the console its own texts, still without the mails'", () => {
    expect(Object.keys(pageResources(all, "/admin"))).toEqual(["common", "admin", "chat"]);
    expect(Object.keys(pageResources(all, "/admin/members/7"))).toEqual(["common", "admin", "chat"]);
  });

  it("cannot close the script element they travel in", () => {
    expect(scriptSafeJson({ x: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });

  it("are made once per locale and part of the site, and are what the page would make itself", () => {
    const german = { common: { a: "A (de)" }, admin: { title: "T (de)" } };
    const page = (locale: string, resources: typeof all | typeof german, path: string) =>
      scriptSafeJson({ locale, resources: pageResources(resources, path) });
    for (let i = 0; i < 2; i++) {
      expect(embeddedI18nJson("nl", all, "/members")).toBe(page("nl", all, "/members"));
      expect(embeddedI18nJson("nl", all, "/admin/members")).toBe(page("nl", all, "/admin"));
      expect(embeddedI18nJson("de", german, "/")).toBe(page("de", german, "/"));
      expect(embeddedI18nJson("de", german, "/admin")).toBe(page("de", german, "/admin"));
    }
  });
});
