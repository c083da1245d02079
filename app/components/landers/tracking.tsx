// Tracking data (network, ref, sub1..sub3) and the lander a visitor
// came through travel into signup: as hidden fields of the signup form (from
// the address, or the lander's route handle) and in links to /signup.
import { useLocation, useMatches } from "react-router";

const trackingKeys = ["network", "ref", "sub1", "sub2", "sub3"] as const;

interface LanderHandle {
  lander?: string;
}

function handleLander(matches: ReturnType<typeof useMatches>): string | undefined {
  return matches.map((m) => (m.handle as LanderHandle | undefined)?.lander).findLast(Boolean);
}

/** The tracking values of the current page: its query, plus its lander. */
function useTracking(): [string, string][] {
  const { search } = useLocation();
  const matches = useMatches();
  const query = new URLSearchParams(search);
  const pairs: [string, string][] = [];
  for (const key of trackingKeys) {
    const value = query.get(key);
    if (value) pairs.push([key, value.slice(0, 200)]);
  }
  const lander = query.get("lander") ?? handleLander(matches);
  if (lander) pairs.push(["lander", lander.slice(0, 100)]);
  return pairs;
}

export function TrackingFields() {
  return useTracking().map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** /signup with this page's tracking values, for links that lead into signup. */
export function useSignupHref(): string {
  const query = new URLSearchParams(useTracking()).toString();
  return query ? `/signup?${query}` : "/signup";
}
