// The badges and the title count come from the root loader. Within the site,
// React Router runs it side by side with the page's own loader, or not at all,
// so a page whose loader has just marked something seen (a new like, when the
// liker's profile opens) would leave the counts of before it until the next
// page load. Such a page reloads the counts once, right after.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** `seen`: what the page's loader marked seen (say, the liker's id), or null for nothing. */
export function useCountsAfterSeeing(seen: number | string | null) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (seen !== null) void latest.current.revalidate();
  }, [seen]);
}
