// What search engines may index, and each page's one canonical address: the
// rule behind the page head's robots meta and canonical link (seo-links.tsx)
// and a document's X-Robots-Tag header (entry.server.tsx), so both say the
// same. Private by default: only the site's own public pages are indexable; a
// page that shows a member never is (what they show includes sexual
// orientation); utility, filtered and error pages are not, but their links
// are followed. docs/search-engines.md says why.
// No server code here: the head follows client navigation in the browser.
import { LOCALE_QUERY } from "#app/i18n/alternates.ts";
import { isLocale } from "#app/i18n/locales.ts";
import { canonicalLander } from "./lander-address.ts";

/** A page showing a member (or a member's landing page): nothing of it in a search engine. */
export const MEMBER_PRIVATE = "noindex, nofollow, noarchive, noimageindex";
/** A utility, filtered or error page: not indexed, its links followed. */
export const NOT_INDEXED = "noindex, follow";

export interface PageAsked {
  /** The deepest route matched (React Router's route id). */
  routeId: string | undefined;
  pathname: string;
  search: string;
  /** The page answered something else than itself: a status other than 200 or an error page. */
  failed: boolean;
  /** Whether visitors may search members on this domain (members/search-access.ts). */
  maySearch: boolean;
  /** The slug of the domain's own niche in a lander's address, or null (landers/niches.ts). */
  landerSlug: string | null;
}

export interface PageIndexing {
  /** The robots directives, or null where search engines may index the page. */
  robots: string | null;
  /** The page's canonical address: path and query, relative to the site's origin. */
  canonical: string;
}

/** Pages without content of their own worth finding: forms, notices, confirmations, the locked member list. */
const utilityPages = new Set([
  "routes/login",
  "routes/signup",
  "complete-signup",
  "routes/reset-password",
  "routes/reset-password-do",
  "routes/activate-done",
  "routes/activate-error",
  "routes/mail-change-do",
  "routes/account-deleted",
  "routes/complaints",
  "unsubscribe",
  "routes/not-found",
  "routes/members",
]);

/** A member's landing pages, by the route id: each stands for the gallery lander of its slug's niche. */
const memberLanders = new Set([
  "members-id-signup",
  "members-id-landing",
  "members-id-landing2",
  "members-id-landing3",
]);

interface Address {
  path: string;
  query?: [string, string][];
}

const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;

/** The canonical address of a page on the allow list, or null for any other page. */
function publicAddress(page: PageAsked, query: URLSearchParams): Address | null {
  const parts = page.pathname.split("/");
  const { routeId = "" } = page;
  if (routeId === "routes/index") return { path: "/" };
  if (routeId === "pricing") return { path: "/pricing" };
  if (routeId === "pages-page") return { path: `/pages/${parts[2]}` };
  if (routeId.startsWith("landers-")) return { path: canonicalLander(parts[2]!, parts[3], page.landerSlug) };
  if (routeId === "routes/members" && page.maySearch) {
    const number = query.get("page") ?? "";
    return { path: "/members", query: PAGE_NUMBER.test(number) && number !== "1" ? [["page", number]] : [] };
  }
  return null;
}

function href(address: Address, lng: string | null): string {
  const query = new URLSearchParams(address.query);
  if (isLocale(lng)) query.set(LOCALE_QUERY, lng);
  const search = query.toString();
  return search ? `${address.path}?${search}` : address.path;
}

/** Whether search engines may index the page asked for, and its canonical address. */
export function pageIndexing(page: PageAsked): PageIndexing {
  const query = new URLSearchParams(page.search);
  const lng = query.get(LOCALE_QUERY);
  const own = href({ path: page.pathname }, lng);
  if (page.failed) return { robots: NOT_INDEXED, canonical: own };
  const routeId = page.routeId ?? "";
  if (memberLanders.has(routeId)) {
    const parts = page.pathname.split("/");
    return {
      robots: MEMBER_PRIVATE,
      canonical: href({ path: canonicalLander("gallery", parts[4], page.landerSlug) }, lng),
    };
  }
  const address = publicAddress(page, query);
  if (!address) return { robots: utilityPages.has(routeId) ? NOT_INDEXED : MEMBER_PRIVATE, canonical: own };
  const canonical = href(address, lng);
  // Indexable only at its canonical address, to the letter: under any other query it is a copy.
  return { robots: canonical === page.pathname + page.search ? null : NOT_INDEXED, canonical };
}
