// `npm start` answers malformed input as the Worker itself does: a sample of the
// junk the workerd fuzz tests send (tests/junk-requests.ts) and bodies over
// every limit, sent through the dev server on its own port and state, where the
// Worker sits behind Vite and Miniflare's connections to workerd. Never a 5xx
// (Vite answers its own 500 when that connection fails), and the requests after
// a refused body still answer: a Worker that answered before reading a body
// used to cost the next request through the dev server (workers/unread-body.ts).
import { type ChildProcess, spawn } from "node:child_process";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doors } from "../../app/server/access/doors.ts";
import {
  apiCall,
  apiRequests,
  fillPath,
  formField,
  formPost,
  memberActions,
  oversizedPosts,
  SAYS_WHAT_IS_WRONG,
  visitorActions,
} from "../junk-requests.ts";

const PORT = Number(process.env.DEV_SWEEP_PORT ?? 5199);
const BASE = `http://localhost:${PORT}`;
const STATE_DIR = ".wrangler/dev-sweep";
// A sample: the workerd fuzz tests send thousands; this is about the way there.
const API_RUNS = 120;
const FORM_RUNS = 2;

let server: ChildProcess | undefined;
const output: string[] = [];
const cookies: string[] = [];
/** The dev server's last lines, for a failure's message. */
const lastLines = () => output.join("").split("\n").slice(-15).join("\n");

beforeAll(async () => {
  // Its own state, seeded on the first run with the demo accounts and no demo
  // members (quick to make), and kept for the next run.
  const started = Date.now();
  server = spawn(process.execPath, ["scripts/start.ts", "--members", "0"], {
    env: { ...process.env, PORT: String(PORT), STATE_DIR },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout, server.stderr]) stream?.on("data", (chunk: Buffer) => output.push(`${chunk}`));
  const deadline = Date.now() + 400_000;
  while (!(await answers("/api/ping"))) {
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not come up:\n${lastLines()}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.info(`npm start answered after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Two members with a session, made by the local tools' signup (loopback signups are not counted).
  for (const name of ["Sweep", "Probe"]) {
    const made = await fetch(`${BASE}/dev/members`, {
      method: "POST",
      headers: { Origin: BASE },
      body: new URLSearchParams({
        gender: "female",
        seeking: "male",
        name,
        email: `${name.toLowerCase()}-${Date.now()}@sweep.example`,
        date_of_birth: "1992-06-15",
        password: "sweep-password-1",
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    cookies.push(made.headers.get("set-cookie")!.split(";")[0]!);
  }
}, 420_000);

afterAll(() => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
});

async function answers(path: string) {
  try {
    return (await fetch(`${BASE}${path}`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Sends one request; a dropped connection or a 5xx fails with the dev server's last lines. */
async function send(what: string, path: string, init: RequestInit) {
  const response = await fetch(`${BASE}${path}`, init).catch((error: Error) => {
    throw new Error(`${what}: ${error.message} (${error.cause ?? ""})\n${lastLines()}`);
  });
  const body = await response.text();
  expect(response.status, `${what} → ${response.status}\n${body.slice(0, 300)}\n${lastLines()}`).toBeLessThan(500);
  return { status: response.status, body };
}

describe("npm start, given junk", () => {
  it("refuses bodies over every limit, and the requests after them still answer", async () => {
    for (const post of oversizedPosts(BASE)) {
      const { status } = await send(post.what, post.path, post.init());
      expect(status, post.what).toBe(413);
      for (let i = 0; i < 3; i++) await send(`GET /api/ping after ${post.what}`, "/api/ping", {});
    }
  });

  it(`answers ${API_RUNS} generated /api requests without a 5xx`, async () => {
    // The door table lists every /api endpoint; access-policy.test.ts holds it to the router's own list.
    const endpoints = doors
      .filter((door) => door.kind === "api")
      .map((door) => ({ method: door.method, path: door.path.replace(/^\/api/, "") }));
    expect(endpoints.length).toBeGreaterThan(25);
    await fc.assert(
      fc.asyncProperty(apiRequests(endpoints, BASE), async (r) => {
        const call = apiCall(r, BASE);
        // Logging out would end a session the other requests use.
        const cookie = r.session === null || call.path === "/logout.php" ? null : cookies[r.session % cookies.length]!;
        const { status, body } = await send(
          `${call.method} ${call.url.pathname}${call.url.search}`,
          `${call.url.pathname}${call.url.search}`,
          call.init(cookie),
        );
        if (status >= 400) expect(body, `${call.what(status)} says why`).toMatch(/"message":"[^"]+"/);
      }),
      { numRuns: API_RUNS, endOnFailure: true },
    );
  });

  it("answers malformed page forms without a 5xx", async () => {
    const posts = [
      ...Object.entries(visitorActions).map(([path, fields]) => ({ path, fields, cookie: undefined })),
      ...Object.entries(memberActions).map(([path, { fields }], i) => ({ path, fields, cookie: cookies[i % 2] })),
    ];
    for (const { path, fields, cookie } of posts) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), formField), fc.nat(3000), async (form, id) => {
          const target = fillPath(path, id);
          const { status, body } = await send(`POST ${target}`, target, formPost(BASE, form, cookie));
          if (status >= 400) expect(body, `${target} says what is wrong`).toMatch(SAYS_WHAT_IS_WRONG);
        }),
        { numRuns: FORM_RUNS, endOnFailure: true },
      );
    }
  });
});
