// The app's configuration: the only reader of the Worker's variables and
// secrets. Validated once per env object (once per isolate when deployed).
// Production is the default: nothing is filled in from the repo, and a missing
// or invalid value, or a local-only provider, makes `appConfig` throw a
// ConfigError naming each variable, which the Worker answers with a 503.
import { z } from "zod";
import { kept } from "#app/kept.ts";
import { type Variable, type VariableName, variables } from "./variables.ts";

export type MailConfig =
  | { transport: "cloudflare"; binding: SendEmail; from?: string }
  | { transport: "http"; url: string; key: string; from?: string }
  | { transport: "outbox" };
type PaymentConfig = { provider: "mollie"; apiKey: string; apiUrl: string } | { provider: "sandbox" };
export type SmsConfig =
  | { provider: "twilio"; accountSid: string; authToken: string; from: string; apiUrl: string }
  | { provider: "outbox" };

/** Where a retired photo's URLs are purged: Cloudflare's API, and the zone of each purged host. */
export interface CachePurgeConfig {
  apiUrl: string;
  token: string;
  /** host → zone id; empty when no host is purged. */
  zones: Map<string, string>;
}

export interface AppConfig {
  /** False only with APP_ENV=development: local providers allowed, client country header trusted. */
  production: boolean;
  mail: MailConfig;
  payments: PaymentConfig;
  sms: SmsConfig;
  mailLinkSecret: string;
  mailWebhookSecret: string;
  push: { publicKey: string; privateKey: string; subject: string };
  cachePurge: CachePurgeConfig;
}

export interface ConfigProblem {
  variable: string;
  problem: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
  readonly problems: ConfigProblem[];
  constructor(problems: ConfigProblem[]) {
    super(`configuration refused: ${problems.map((p) => `${p.variable} ${p.problem}`).join("; ")}`);
    this.problems = problems;
  }
}

const schema = z.object(
  Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.schema])) as {
    [K in VariableName]: (typeof variables)[K]["schema"];
  },
);

type Values = { [K in VariableName]?: string };

const cache = new WeakMap<object, AppConfig | ConfigError>();

/** The validated configuration; throws ConfigError when the Worker must not serve. */
export function appConfig(env: Env | Record<string, unknown>): AppConfig {
  const result = kept(cache, env, () => readConfig(env as Record<string, unknown>));
  if (result instanceof ConfigError) throw result;
  return result;
}

function readConfig(env: Record<string, unknown>): AppConfig | ConfigError {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    return new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), problem: issue.message })),
    );
  }
  const given = parsed.data as Values;
  const catalogue = Object.entries(variables) as [VariableName, Variable][];
  const values = Object.fromEntries(catalogue.map(([name, v]) => [name, given[name] ?? v.default])) as Values;
  const production = values.APP_ENV !== "development";

  const problems: ConfigProblem[] = [];
  for (const [name, v] of catalogue) {
    const value = values[name];
    if (!value) {
      const [other, otherValue] = v.when?.split("=") ?? [];
      const otherHas =
        otherValue === undefined
          ? Boolean(values[other as VariableName])
          : values[other as VariableName] === otherValue;
      if (v.required) problems.push({ variable: name, problem: "is not set" });
      else if (other && otherHas) {
        problems.push({ variable: name, problem: `is not set (needed for ${v.when})` });
      }
    } else if (production && v.localOnly?.includes(value)) {
      problems.push({ variable: name, problem: `"${value}" is for local development only` });
    }
  }
  const binding = env.EMAIL as SendEmail | undefined;
  if (values.MAIL_TRANSPORT === "cloudflare" && typeof binding?.send !== "function") {
    problems.push({
      variable: "EMAIL",
      problem: "send_email binding is missing (needed for MAIL_TRANSPORT=cloudflare)",
    });
  }
  if (problems.length) return new ConfigError(problems);

  // Every value below was checked above: set where needed, of the right form.
  const v = values as Required<Values>;
  const mail: MailConfig =
    v.MAIL_TRANSPORT === "outbox"
      ? { transport: "outbox" }
      : v.MAIL_TRANSPORT === "http"
        ? { transport: "http", url: v.MAIL_API_URL, key: v.MAIL_API_KEY, from: values.MAIL_FROM }
        : { transport: "cloudflare", binding: binding as SendEmail, from: values.MAIL_FROM };
  return {
    production,
    mail,
    payments:
      v.PAYMENT_PROVIDER === "sandbox"
        ? { provider: "sandbox" }
        : { provider: "mollie", apiKey: v.MOLLIE_API_KEY, apiUrl: v.MOLLIE_API_URL },
    sms:
      v.SMS_PROVIDER === "outbox"
        ? { provider: "outbox" }
        : {
            provider: "twilio",
            accountSid: v.TWILIO_ACCOUNT_SID,
            authToken: v.TWILIO_AUTH_TOKEN,
            from: v.SMS_FROM,
            apiUrl: v.TWILIO_API_URL,
          },
    mailLinkSecret: v.MAIL_LINK_SECRET,
    mailWebhookSecret: v.MAIL_WEBHOOK_SECRET,
    push: { publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY, subject: v.VAPID_SUBJECT },
    cachePurge: {
      apiUrl: v.CLOUDFLARE_API_URL,
      token: values.CLOUDFLARE_API_TOKEN ?? "",
      zones: new Map(
        (values.CDN_PURGE_HOSTS ?? "")
          .split(",")
          .filter(Boolean)
          .map((pair) => pair.split("=") as [string, string]),
      ),
    },
  };
}
