// The chat pages reload their data (chat list, unread counts, balance) every
// 60 s, or 300 s with push, starting 5 s after load, while in view.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { POLL_START_MS, pollInterval } from "./poll-interval.ts";

export function useReloadEvery() {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void pollInterval().then((every) => {
      const tick = () => {
        if (stopped) return;
        if (document.visibilityState === "visible" && latest.current.state === "idle") void latest.current.revalidate();
        timer = setTimeout(tick, every);
      };
      if (!stopped) timer = setTimeout(tick, POLL_START_MS);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
}
