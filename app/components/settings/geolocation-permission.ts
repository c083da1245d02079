// What the browser will say when asked for the member's position, read before
// anyone clicks: unsupported (no geolocation), unknown (it will ask, or it
// cannot tell us), granted or denied. The Permissions API tells us where it
// exists, and its change event follows the member's answer in the browser.
import { useEffect, useState } from "react";

export type GeolocationPermission = "unsupported" | "unknown" | "granted" | "denied";

type Watch = (next: GeolocationPermission) => void;

/** The permission now; `watch` hears about later changes, until the returned function is called. */
async function readGeolocationPermission(watch: Watch): Promise<[GeolocationPermission, () => void]> {
  const none = () => {};
  if (!navigator.geolocation) return ["unsupported", none];
  if (!navigator.permissions?.query) return ["unknown", none];
  try {
    const status = await navigator.permissions.query({ name: "geolocation" });
    const read = (): GeolocationPermission => (status.state === "prompt" ? "unknown" : status.state);
    status.onchange = () => watch(read());
    const unwatch = () => {
      status.onchange = null;
    };
    return [read(), unwatch];
  } catch {
    // Some browsers refuse to answer for geolocation: they ask on the first use.
    return ["unknown", none];
  }
}

/** null until the browser has answered (and on the server). */
export function useGeolocationPermission() {
  const [permission, setPermission] = useState<GeolocationPermission | null>(null);
  useEffect(() => {
    let stop = () => {};
    let alive = true;
    void readGeolocationPermission((next) => alive && setPermission(next)).then(([now, unwatch]) => {
      stop = unwatch;
      if (alive) setPermission(now);
      else unwatch();
    });
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return [permission, setPermission] as const;
}
