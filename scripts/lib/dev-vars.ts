// Local values of the Worker's variables and secrets, from .dev.vars.example:
// `npm start` and the e2e server write them to .dev.vars (ignored by git), the
// workerd tests take them in memory. Secrets left empty in the example are
// generated, so no working secret is ever a value from the repo.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const EXAMPLE = ".dev.vars.example";
const LOCAL = ".dev.vars";

type Vars = Record<string, string>;

/** NAME=value lines; comments and blank lines are skipped. */
export function parseVars(text: string): Vars {
  const vars: Vars = {};
  for (const line of text.split("\n")) {
    const match = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) vars[match[1]!] = match[2]!.trim().replace(/^(['"])(.*)\1$/, "$2");
  }
  return vars;
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

async function vapidPair() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { VAPID_PUBLIC_KEY: base64url(publicKey), VAPID_PRIVATE_KEY: jwk.d! };
}

/** The example's values, with its empty secrets and the VAPID pair generated. */
export async function localVars(): Promise<Vars> {
  const vars = parseVars(readFileSync(EXAMPLE, "utf8"));
  for (const name of Object.keys(vars)) {
    if (name.endsWith("_SECRET") && !vars[name]) vars[name] = base64url(crypto.getRandomValues(new Uint8Array(32)));
  }
  if (!vars.VAPID_PUBLIC_KEY || !vars.VAPID_PRIVATE_KEY) Object.assign(vars, await vapidPair());
  return vars;
}

/** Writes .dev.vars when missing, or adds the names it lacks; returns the names added. */
export async function ensureDevVars(): Promise<string[]> {
  const generated = await localVars();
  const existing = existsSync(LOCAL) ? readFileSync(LOCAL, "utf8") : "";
  const have = parseVars(existing);
  const missing = Object.keys(generated).filter((name) => !(name in have));
  if (!missing.length) return [];
  const header = existing ? "" : "# Written by npm start from .dev.vars.example; local only, never committed.\n";
  const lines = missing.map((name) => `${name}=${generated[name]}`).join("\n");
  writeFileSync(LOCAL, `${existing}${existing && !existing.endsWith("\n") ? "\n" : ""}${header}${lines}\n`);
  return missing;
}
