// Domain settings in the console: edited as the JSON document KV
// holds, checked by the app's own settings schema, previewed as a diff, and
// live on the domain's next request — no deploy, no waiting for a cache.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  checkSettings,
  createDomain,
  domainSettings,
  listDomains,
  previewSettings,
  saveDomainSettings,
} from "#app/server/operators/domains.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { siteSettingsSchema } from "#app/server/settings/schema.ts";
import { givenDomainSettings, outcome } from "./fixtures.ts";
import { allAuditRows, auditRowsFor, givenOperator } from "./operator-fixtures.ts";

const vlinder = { ...builtInSettings, domain: "vlinder.example", name: "Vlinder" };

/** The settings a request to `host` is served with. */
async function liveSettings(host: string) {
  const answer = await SELF.fetch(`http://${host}/api/settings.php`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

const stored = async (domain: string) => JSON.parse((await env.SETTINGS.get(`domain:${domain}`)) ?? "null");

/** What the editor shows, changed as an operator would type it. */
async function edited(app: Parameters<typeof domainSettings>[0], domain: string, change: Record<string, unknown>) {
  const current = await domainSettings(app, domain);
  return { json: JSON.stringify({ ...JSON.parse(current.json), ...change }, null, 2), version: current.version };
}

describe("editing a domain's settings", () => {
  it("previews the change, saves it to KV and serves it on the domain's next request", async () => {
    const admin = await givenOperator("admin");
    await givenDomainSettings("vlinder.example", vlinder);
    // The domain has been served (and its settings cached) before the edit.
    expect(await liveSettings("vlinder.example")).toMatchObject({ name: "Vlinder" });

    const change = {
      name: "Vlinder Plus",
      payment_methods: { ...builtInSettings.payment_methods, NL: ["ideal", "creditcard"] },
      visible_locales: { ...builtInSettings.visible_locales, BE: ["nl", "fr"] },
      fictional_warning: { ...(builtInSettings.fictional_warning as object), nl: "Sommige profielen zijn fictief." },
    };
    const edit = await edited(admin.app, "vlinder.example", change);
    const preview = await previewSettings(admin.app, "vlinder.example", edit.json);
    expect(preview).toMatchObject({ ok: true });
    expect(preview.ok && preview.changes).toEqual([
      {
        path: "fictional_warning.nl",
        before: expect.stringMatching(/^Sommige profielen op deze site/),
        after: "Sommige profielen zijn fictief.",
      },
      { path: "name", before: "Vlinder", after: "Vlinder Plus" },
      { path: "payment_methods.NL", before: builtInSettings.payment_methods.NL, after: ["ideal", "creditcard"] },
      { path: "visible_locales.BE", before: builtInSettings.visible_locales.BE ?? null, after: ["nl", "fr"] },
    ]);
    // A preview saves nothing.
    expect((await stored("vlinder.example")).name).toBe("Vlinder");

    await saveDomainSettings(admin.app, { domain: "vlinder.example", ...edit });
    expect(await liveSettings("vlinder.example")).toMatchObject(change);
    expect(await stored("vlinder.example")).toMatchObject(change);
    // Other domains keep their own settings.
    expect(await liveSettings("localhost")).toMatchObject({ name: builtInSettings.name });

    expect(await auditRowsFor("domain", "vlinder.example")).toEqual([
      expect.objectContaining({
        operatorId: admin.id,
        action: "domain.update",
        before: expect.objectContaining({ name: "Vlinder" }),
        after: expect.objectContaining(change),
      }),
    ]);
  });

  it("refuses what the app's settings schema refuses, with that schema's own findings", async () => {
    const admin = await givenOperator("admin");
    await givenDomainSettings("vlinder.example", vlinder);
    const bad: Record<string, unknown>[] = [
      { name: "" },
      { minimum_age: 17 },
      { countries: [] },
      { photo_moderation: "sometimes" },
      { payment_methods: { nl: ["ideal"] } },
      { theme: { primary: "red", secondary: "#ffffff" } },
    ];
    for (const change of bad) {
      const edit = await edited(admin.app, "vlinder.example", change);
      const expected = siteSettingsSchema.safeParse(JSON.parse(edit.json)).error!.issues.map((i) => i.path.join("."));
      const checked = checkSettings("vlinder.example", edit.json);
      expect(checked.ok, JSON.stringify(change)).toBe(false);
      expect(!checked.ok && checked.issues.map((i) => i.path)).toEqual(expected);
      expect(await previewSettings(admin.app, "vlinder.example", edit.json)).toEqual(checked);
      expect(await outcome(saveDomainSettings(admin.app, { domain: "vlinder.example", ...edit }))).toBe(
        "settings_invalid",
      );
    }
    // Not JSON, or another domain's document.
    expect(checkSettings("vlinder.example", "{ name: Vlinder")).toMatchObject({
      ok: false,
      issues: [{ code: "json" }],
    });
    const other = await edited(admin.app, "vlinder.example", { domain: "other.example" });
    expect(checkSettings("vlinder.example", other.json)).toMatchObject({
      ok: false,
      issues: [{ path: "domain", code: "domain_mismatch" }],
    });
    expect(await outcome(saveDomainSettings(admin.app, { domain: "vlinder.example", ...other }))).toBe(
      "settings_invalid",
    );

    expect(await stored("vlinder.example")).toEqual(vlinder);
    expect(await liveSettings("vlinder.example")).toMatchObject({ name: "Vlinder" });
    expect(await allAuditRows()).toEqual([]);
  });

  it("does not save over a change someone else saved in between", async () => {
    const [alex, sam] = [await givenOperator("admin"), await givenOperator("admin")];
    await givenDomainSettings("vlinder.example", vlinder);
    const alexEdit = await edited(alex.app, "vlinder.example", { name: "Alex's name" });
    const samEdit = await edited(sam.app, "vlinder.example", { minimum_age: 21 });
    await saveDomainSettings(sam.app, { domain: "vlinder.example", ...samEdit });
    expect(await outcome(saveDomainSettings(alex.app, { domain: "vlinder.example", ...alexEdit }))).toBe(
      "settings_changed",
    );
    expect(await liveSettings("vlinder.example")).toMatchObject({ name: "Vlinder", minimum_age: 21 });
    expect((await auditRowsFor("domain", "vlinder.example")).map((r) => r.operatorId)).toEqual([sam.id]);
  });

  it("creates a domain from a copy of another's settings, served at once on its host", async () => {
    const admin = await givenOperator("admin");
    await givenDomainSettings("vlinder.example", vlinder);
    await createDomain(admin.app, { domain: "herzklopfen.example", copyFrom: "vlinder.example" });
    expect(await liveSettings("herzklopfen.example")).toMatchObject({ name: "Vlinder", domain: "herzklopfen.example" });
    expect(await outcome(createDomain(admin.app, { domain: "herzklopfen.example" }))).toBe("domain_exists");
    expect(await outcome(domainSettings(admin.app, "nowhere.example"))).toBe("domain_not_found");
    expect((await listDomains(admin.app)).map((d) => [d.domain, d.name, d.stored])).toEqual([
      ["herzklopfen.example", "Vlinder", true],
      ["localhost", builtInSettings.name, false],
      ["vlinder.example", "Vlinder", true],
    ]);
    expect(await auditRowsFor("domain", "herzklopfen.example")).toEqual([
      expect.objectContaining({
        operatorId: admin.id,
        action: "domain.create",
        before: null,
        after: expect.objectContaining({ domain: "herzklopfen.example", name: "Vlinder" }),
      }),
    ]);
  });
});
