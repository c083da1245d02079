// The one place toasts appear. A quick action (a photo uploaded, settings
// saved, a like sent, a member blocked) calls showToast, or useToastFor with
// the answer it got, and this host, rendered once by the root, shows it. One
// toast at a time: a newer outcome replaces the older, so no stack grows over
// the page. It floats at the top on a phone, where it never covers the chat's
// send footer, and at the top right below the navigation on a wider screen.
// A call to /api that gave up on the network says so here too.
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { whenConnectionFails } from "#app/components/runtime/api.ts";
import { Toast, type tones } from "./toast.tsx";

export interface ToastNotice {
  tone: keyof typeof tones;
  text: string;
  /** Milliseconds before it goes by itself; the toast's own default otherwise. */
  duration?: number;
}
type Shown = ToastNotice & { key: number };

let shown: Shown | null = null;
let counter = 0;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Shows a toast, replacing the one on screen. */
export function showToast(notice: ToastNotice) {
  counter += 1;
  shown = { ...notice, key: counter };
  changed();
}

function dismiss(key: number) {
  if (shown?.key !== key) return;
  shown = null;
  changed();
}

/**
 * A toast for each new outcome (an action's or a fetcher's answer): `notice`
 * turns it into one, or null when it deserves none.
 */
export function useToastFor<T>(outcome: T | null | undefined, notice: (outcome: T) => ToastNotice | null) {
  const toNotice = useRef(notice);
  toNotice.current = notice;
  useEffect(() => {
    if (outcome == null) return;
    const toast = toNotice.current(outcome);
    if (toast) showToast(toast);
  }, [outcome]);
}

export function ToastHost() {
  const { t } = useTranslation("common");
  const toast = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  useEffect(() => whenConnectionFails(() => showToast({ tone: "danger", text: t("toast.network") })), [t]);
  // What was shown goes with the host: a host mounted anew starts empty.
  useEffect(
    () => () => {
      if (shown) dismiss(shown.key);
    },
    [],
  );
  return (
    <div
      data-testid="toast-host"
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-4 sm:top-20 sm:justify-end"
    >
      <div className="w-full" style={{ maxWidth: 350 }}>
        {toast && (
          <Toast key={toast.key} tone={toast.tone} duration={toast.duration} onDismiss={() => dismiss(toast.key)}>
            {toast.text}
          </Toast>
        )}
      </div>
    </div>
  );
}
