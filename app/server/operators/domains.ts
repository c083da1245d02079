// Domain settings in the console: every field of the settings schema,
// edited as the JSON document KV holds, checked by that same schema, shown as a
// preview with a diff before it is saved. A save is refused if someone saved in
// between (the version is a hash of what the editor started from). The change
// is live for the next request of this isolate at once (the cached copy is
// dropped) and for other isolates within settings/resolve.ts's 30-second cache
// plus KV's propagation.
import type { $ZodIssue } from "zod/v4/core";
import { sha256Hex } from "#app/server/accounts/tokens.ts";
import { DomainError } from "#app/server/errors.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { forgetSettings, settingsKey } from "#app/server/settings/resolve.ts";
import { type SiteSettings, siteSettingsSchema } from "#app/server/settings/schema.ts";
import { auditStatement } from "./audit.ts";
import type { OperatorContext } from "./context.ts";
import { authorize } from "./roles.ts";

const PREFIX = "domain:";
/** The domain a fresh checkout answers on without any settings in KV. */
const BUILT_IN_DOMAIN = builtInSettings.domain;

export interface SettingsIssue {
  path: string;
  code: string;
  params: Record<string, string | number>;
}

export interface SettingsChange {
  path: string;
  before: unknown;
  after: unknown;
}

async function readStored(app: Pick<OperatorContext, "env">, domain: string): Promise<string | null> {
  return app.env.SETTINGS.get(settingsKey(domain));
}

export async function listDomains(app: OperatorContext) {
  authorize(app.operator, "domains.edit");
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await app.env.SETTINGS.list({ prefix: PREFIX, cursor });
    names.push(...page.keys.map((k) => k.name.slice(PREFIX.length)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor && names.length < 5000);
  const domains = await Promise.all(
    names.map(async (domain) => {
      const parsed = siteSettingsSchema.safeParse(JSON.parse((await readStored(app, domain)) ?? "null"));
      return { domain, name: parsed.success ? parsed.data.name : null, valid: parsed.success, stored: true };
    }),
  );
  if (!names.includes(BUILT_IN_DOMAIN)) {
    domains.push({ domain: BUILT_IN_DOMAIN, name: builtInSettings.name, valid: true, stored: false });
  }
  return domains.sort((a, b) => a.domain.localeCompare(b.domain));
}

/** What the editor starts from: the stored document (or the built-in defaults) and its version. */
export async function domainSettings(app: OperatorContext, domain: string) {
  authorize(app.operator, "domains.edit");
  const stored = await readStored(app, domain);
  if (stored === null && domain !== BUILT_IN_DOMAIN) throw new DomainError("domain_not_found");
  const current = stored === null ? { ...builtInSettings, domain } : (JSON.parse(stored) as unknown);
  return { domain, stored: stored !== null, json: JSON.stringify(current, null, 2), version: await version(stored) };
}

const version = async (stored: string | null) => (stored === null ? "none" : (await sha256Hex(stored)).slice(0, 16));

const issueOf = (issue: $ZodIssue): SettingsIssue => {
  const params: Record<string, string | number> = {};
  if ("minimum" in issue) params.minimum = Number(issue.minimum);
  if ("maximum" in issue) params.maximum = Number(issue.maximum);
  if ("expected" in issue && typeof issue.expected === "string") params.expected = issue.expected;
  if ("values" in issue && Array.isArray(issue.values)) params.values = issue.values.join(", ");
  if ("keys" in issue && Array.isArray(issue.keys)) params.values = issue.keys.join(", ");
  return { path: issue.path.join(".") || "(root)", code: issue.code, params };
};

/** Checks an edited document: JSON, the settings schema, and that it is for this domain. */
export function checkSettings(
  domain: string,
  json: string,
): { ok: true; settings: SiteSettings } | { ok: false; issues: SettingsIssue[] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, issues: [{ path: "(root)", code: "json", params: { detail: String(error).slice(0, 200) } }] };
  }
  const parsed = siteSettingsSchema.safeParse(value);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map(issueOf) };
  if (parsed.data.domain !== domain) {
    return { ok: false, issues: [{ path: "domain", code: "domain_mismatch", params: { expected: domain } }] };
  }
  return { ok: true, settings: parsed.data };
}

/** Field by field, what changes (nested objects by their dotted path; arrays as a whole). */
function diffSettings(before: unknown, after: unknown, path = ""): SettingsChange[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffSettings(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path: path || "(root)", before: before ?? null, after: after ?? null }];
}

/** Preview: the checked document as it would be stored, and what it changes. */
export async function previewSettings(app: OperatorContext, domain: string, json: string) {
  authorize(app.operator, "domains.edit");
  const checked = checkSettings(domain, json);
  if (!checked.ok) return checked;
  const current = await domainSettings(app, domain);
  return {
    ok: true as const,
    json: JSON.stringify(checked.settings, null, 2),
    changes: diffSettings(JSON.parse(current.json), checked.settings),
  };
}

async function write(app: OperatorContext, domain: string, before: unknown, edited: SiteSettings, action: string) {
  // Dated when saved, whatever the editor said: the sitemap's last change of the domain's pages.
  const settings = { ...edited, updated_at: new Date(app.now()).toISOString() };
  // D1 and KV cannot share a transaction: the audit row goes first, so no change
  // is ever live without its row; a failed KV write is recorded after it.
  await auditStatement(app, app.operator, { action, targetType: "domain", targetId: domain, before, after: settings });
  try {
    await app.env.SETTINGS.put(settingsKey(domain), JSON.stringify(settings));
  } catch (error) {
    await auditStatement(app, app.operator, {
      action: `${action}_failed`,
      targetType: "domain",
      targetId: domain,
      after: { error: String(error).slice(0, 300) },
    });
    throw error;
  }
  forgetSettings(domain);
  return settings;
}

export async function saveDomainSettings(
  app: OperatorContext,
  input: { domain: string; json: string; version: string },
) {
  authorize(app.operator, "domains.edit");
  const checked = checkSettings(input.domain, input.json);
  if (!checked.ok) throw new DomainError("settings_invalid");
  const stored = await readStored(app, input.domain);
  if (stored === null && input.domain !== BUILT_IN_DOMAIN) throw new DomainError("domain_not_found");
  if ((await version(stored)) !== input.version) throw new DomainError("settings_changed");
  const before = stored === null ? null : (JSON.parse(stored) as unknown);
  return write(app, input.domain, before, checked.settings, "domain.update");
}

/** A new domain, starting from a copy of another's settings (or the built-in ones). */
export async function createDomain(app: OperatorContext, input: { domain: string; copyFrom?: string }) {
  authorize(app.operator, "domains.edit");
  if ((await readStored(app, input.domain)) !== null) throw new DomainError("domain_exists");
  const source = input.copyFrom ? await readStored(app, input.copyFrom) : null;
  const base = source === null ? builtInSettings : (JSON.parse(source) as object);
  const parsed = siteSettingsSchema.safeParse({ ...base, domain: input.domain });
  if (!parsed.success) throw new DomainError("settings_invalid");
  return write(app, input.domain, null, parsed.data, "domain.create");
}
