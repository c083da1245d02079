// The push state for components (the settings section, the push alert): read
// once mounted, and kept the same across components through a window event.
import { useCallback, useEffect, useState } from "react";
import { PUSH_STATE_EVENT, type PushState, readPushState, subscribePush, unsubscribePush } from "./push-client.ts";

export function usePush() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    const refresh = () => void readPushState().then((next) => alive && setState(next));
    refresh();
    window.addEventListener(PUSH_STATE_EVENT, refresh);
    return () => {
      alive = false;
      window.removeEventListener(PUSH_STATE_EVENT, refresh);
    };
  }, []);

  const run = useCallback(async (change: () => Promise<PushState>) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await change());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      window.dispatchEvent(new Event(PUSH_STATE_EVENT));
    }
  }, []);

  return {
    /** null until the browser has been asked. */
    state,
    busy,
    failed,
    enable: () => run(subscribePush),
    disable: () => run(unsubscribePush),
  };
}
