// Nothing sticks out or is cut off on a phone, in any language: German, Finnish
// and Polish words are long, and a label that fits in Dutch may push a tab off
// the screen or out of its tile in another. One test per language walks the
// screens a new visitor and a new member see first, measures each at 320 and at
// 414 px (the same page, resized), and fails with one line per element that is
// wider than the screen, sticks out of a box that cuts it off, or holds content
// wider than itself. Every screen's picture is attached to the report.
import type { Page, TestInfo } from "@playwright/test";
import { landers } from "#app/routing/lander-address.ts";
import { legalPages } from "#app/server/content/legal-pages.ts";
import { activeMember, expect, firstListedMemberId, hydrated, test, text } from "./support.ts";

const WIDTHS = [320, 414] as const;
const LANGUAGES = ["nl", "en", "de", "fr", "es", "it", "pl", "fi", "sv", "da", "nb"] as const;

/**
 * In the page: each visible element that is wider than the screen, sticks out of
 * an ancestor that cuts it off, or whose content is wider than itself, as
 * "selector «text» why". A row that scrolls sideways by design carries
 * data-scroll-row (its items must be links or buttons, so a keyboard reaches them).
 */
function offendersIn(width: number): string[] {
  const clipsX = (style: CSSStyleDeclaration) => style.overflowX !== "visible";
  const scrolls = (style: CSSStyleDeclaration) => style.overflowX === "auto" || style.overflowX === "scroll";
  // Left alone: what is hidden, read by screen readers only (Tailwind's sr-only: a 1 px
  // box cut down to nothing), cut short with an ellipsis, or marked as drawn to bleed
  // out of its frame (a corner ribbon, a photo that zooms).
  const leftAlone = new Map<Element, boolean>();
  const setAside = (el: Element): boolean => {
    if (el === document.body || el === document.documentElement) return false;
    let known = leftAlone.get(el);
    if (known === undefined) {
      const style = getComputedStyle(el);
      const srOnly =
        style.position === "absolute" && (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)");
      known =
        srOnly || style.textOverflow === "ellipsis" || el.hasAttribute("data-bleed") || setAside(el.parentElement!);
      leftAlone.set(el, known);
    }
    return known;
  };
  const hidden = (el: Element) =>
    setAside(el) || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  // A box that cuts off what sticks out of it: its children are measured one by one
  // below, so here only its own text counts.
  const ownText = (el: Element) =>
    [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== "");
  const selectorOf = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      const testId = e.getAttribute("data-testid");
      const classes = typeof e.className === "string" ? e.className.trim().split(/\s+/).slice(0, 3).join(".") : "";
      parts.unshift(
        e.tagName.toLowerCase() +
          (e.id ? `#${e.id}` : "") +
          (testId ? `[data-testid=${testId}]` : classes ? `.${classes}` : ""),
      );
    }
    const words = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `${parts.join(" > ")} «${words}»`;
  };
  const found = new Map<Element, string>();
  for (const el of [document.documentElement, ...document.body.querySelectorAll("*")]) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || hidden(el)) continue;
    const style = getComputedStyle(el);
    // Content wider than its box (a label longer than its tile), where the box does not scroll by design.
    if (
      el instanceof HTMLElement &&
      !["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName) &&
      el.clientWidth > 0 &&
      el.scrollWidth > el.clientWidth + 1 &&
      !(scrolls(style) && el.hasAttribute("data-scroll-row")) &&
      (scrolls(style) || !clipsX(style) || ownText(el) || el === document.documentElement)
    ) {
      found.set(el, `content ${el.scrollWidth} px in a box of ${el.clientWidth} px`);
      continue;
    }
    if (el === document.documentElement) continue;
    // Outside the nearest ancestor that cuts it off, or outside the screen when none does.
    let clip: Element | null = el.parentElement;
    while (clip && clip !== document.body && !clipsX(getComputedStyle(clip))) clip = clip.parentElement;
    if (clip && clip !== document.body && scrolls(getComputedStyle(clip))) continue; // reachable by scrolling
    const frame =
      clip && clip !== document.body ? clip.getBoundingClientRect() : { left: 0, right: width, width, height: 1 };
    const outside = (b: { left: number; right: number }) => b.left < frame.left - 1 || b.right > frame.right + 1;
    if (!outside(box)) continue;
    // Only the outermost element that sticks out: its children stick out because it does.
    const parent = el.parentElement!.getBoundingClientRect();
    if (el.parentElement !== clip && outside(parent)) continue;
    found.set(
      el,
      `${Math.round(box.left)}..${Math.round(box.right)} px, outside ${Math.round(frame.left)}..${Math.round(frame.right)}`,
    );
  }
  // Of boxes nested in one another that all report wider content, the innermost is the one to fix.
  const innermost = [...found].filter(([el]) => ![...found.keys()].some((other) => other !== el && el.contains(other)));
  return innermost.map(([el, why]) => `${selectorOf(el)} ${why}`);
}

/** Pins on a map that cover one another. */
function overlappingPins(): string[] {
  const pins = [...document.querySelectorAll("[data-testid=map-pin]")].map((pin) => ({
    name: pin.getAttribute("aria-label"),
    box: pin.getBoundingClientRect(),
  }));
  const overlaps: string[] = [];
  pins.forEach((a, i) => {
    for (const b of pins.slice(i + 1)) {
      const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (x > 2 && y > 2) overlaps.push(`pin ${a.name} covers pin ${b.name}`);
    }
  });
  return overlaps;
}

type Screen = { name: string; open: (page: Page) => Promise<unknown> };

// Measured once React has hydrated, without waiting for every photo: a photo's box has its size before it loads.
const visit = (path: string): Screen => ({
  name: path,
  open: (page) => page.goto(path, { waitUntil: "domcontentloaded" }),
});

/** Pages the journeys' phones checked before; each language takes a share, so each is seen once. */
const extraVisitorScreens: Screen[] = [
  visit("/login"),
  visit("/pricing"),
  ...legalPages.map((slug) => visit(`/pages/${slug}`)),
  ...landers
    .filter((lander) => lander !== "tinderswipe" && lander !== "maplanding")
    .map((lander) => visit(`/landers/${lander}/milf`)),
];
const extraMemberScreens = (profile: string): Screen[] => [
  visit("/notifications"),
  visit(`/members/${profile}/landing`),
  visit(`/members/${profile}/landing2`),
  visit(`/members/${profile}/landing3`),
  visit("/likes/mutual"),
  visit("/likes/given"),
];
const shareOf = <T>(all: T[], index: number) => all.filter((_, i) => i % LANGUAGES.length === index);

/** Measures the open screen at each width and attaches its picture; the offenders, one line each. */
async function measure(page: Page, testInfo: TestInfo, lng: string, screen: string): Promise<string[]> {
  const lines: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise(requestAnimationFrame));
    for (const offender of await page.evaluate(offendersIn, width)) lines.push(`${lng} ${screen} ${width} ${offender}`);
    if (screen.startsWith("/landers/maplanding")) {
      for (const overlap of await page.evaluate(overlappingPins)) lines.push(`${lng} ${screen} ${width} ${overlap}`);
    }
    if (width === WIDTHS[0]) {
      const picture = await page.screenshot({ type: "jpeg", quality: 50 });
      await testInfo.attach(`${lng} ${screen} ${width}`, { body: picture, contentType: "image/jpeg" });
    }
  }
  return lines;
}

test.describe.configure({ timeout: 120_000 });

for (const [index, lng] of LANGUAGES.entries()) {
  test.describe(() => {
    // Layout does not depend on the pixel density; pictures at 1x are a fraction of the work.
    test.use({ lng, enteredSite: false, deviceScaleFactor: 1 });

    test(
      `nothing sticks out or is cut off at 320 and 414 px, in ${lng}`,
      { tag: "@phone-only" },
      async ({ page }, testInfo) => {
        const t = (key: string, values?: Record<string, string | number>) => text(lng, key, values);
        const offenders: string[] = [];
        const timings: string[] = [];
        const check = async (screen: Screen) => {
          const start = Date.now();
          await page.setViewportSize({ width: WIDTHS[0], height: 800 });
          const response = await screen.open(page);
          if (response && typeof response === "object" && "status" in response) {
            expect((response as { status: () => number }).status(), screen.name).toBeLessThan(400);
          }
          await hydrated(page);
          offenders.push(...(await measure(page, testInfo, lng, screen.name)));
          timings.push(`${screen.name} ${Date.now() - start} ms`);
        };

        // A visitor: the 18+ warning, the home page behind it, two landers and the signup form.
        await check(visit("/"));
        await page.getByRole("button", { name: t("common:siteEntry.enter", { age: 18 }) }).click();
        await expect(page.getByTestId("site-entry-warning")).toHaveCount(0);
        await check({ name: "/ (entered)", open: async () => undefined });
        await check(visit("/landers/maplanding/milf"));
        await check(visit("/landers/tinderswipe"));
        await check(visit("/signup"));
        for (const screen of shareOf(extraVisitorScreens, index)) await check(screen);

        // A new member: the members area, one profile with its gift dialog, a conversation.
        await activeMember(page, lng);
        const profile = await firstListedMemberId(page);
        await check(visit("/members"));
        await check(visit(`/members/${profile}`));
        await check({
          name: "gift dialog",
          open: async () => {
            await page
              .getByRole("main")
              .getByRole("button", { name: t("members:gift.button") })
              .click();
            await expect(page.getByTestId("gift-dialog")).toBeVisible();
          },
        });
        await check({
          name: "/chats/:id",
          open: async () => {
            await page.goto(`/members/${profile}/chat`);
            await hydrated(page);
            await page.getByTestId("chat-start").getByRole("button").first().click();
            await expect(page).toHaveURL(/\/chats\/\d+$/, { timeout: 20_000 });
          },
        });
        for (const path of ["/chats", "/likes", "/swipe-game", "/credits", "/premium", "/profile"])
          await check(visit(path));
        for (const screen of shareOf(extraMemberScreens(profile), index)) await check(screen);

        await testInfo.attach("time per screen", { body: timings.join("\n"), contentType: "text/plain" });

        expect(offenders, offenders.join("\n")).toEqual([]);
      },
    );
  });
}
