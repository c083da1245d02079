// The signup modal: on desktop the signup entry opens it, on a phone
// the signup page. Once signup is in progress (the visitor started filling
// in the form) neither the backdrop nor Escape closes it; the close button does.
// Refusing the dialog's cancel event is not enough: Chromium closes a dialog
// anyway when its cancel was refused twice without a click or key in between
// (against pages that trap people), so Escape is stopped at the key, and a
// dialog that the browser closes all the same (a phone's back gesture) opens
// again with what was typed. The form's code loads only when the modal opens.
import { X } from "lucide-react";
import { createContext, type ReactNode, Suspense, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { lazyWithReload } from "#app/components/runtime/chunk-reload.ts";

const SignupForm = lazyWithReload(async () => ({ default: (await import("./signup-form.tsx")).SignupForm }));

const DESKTOP = "(min-width: 768px)";

const OpenSignup = createContext<((event: { preventDefault(): void }) => void) | null>(null);

/** Click handler for signup links: opens the modal on desktop, follows the link on a phone. */
export const useSignupEntry = () => useContext(OpenSignup);

export function SignupModalProvider({ minimumAge, children }: { minimumAge: number; children: ReactNode }) {
  const { t } = useTranslation("accounts");
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const inProgress = useRef(false);
  const { pathname } = useLocation();

  const close = useCallback(() => {
    inProgress.current = false;
    dialog.current?.close();
  }, []);

  const openSignup = useCallback((event: { preventDefault(): void }) => {
    if (!window.matchMedia(DESKTOP).matches) return;
    event.preventDefault();
    setOpen(true);
    dialog.current?.showModal();
  }, []);

  // A successful signup navigates away (to /complete-signup); so does "log in".
  // Only a new path closes it: closing on mount too would shut a modal opened
  // by a click that came before the mount's effects ran (a busy phone, a test).
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    close();
  }, [pathname, close]);

  const maxBirthDate = new Date();
  maxBirthDate.setFullYear(maxBirthDate.getFullYear() - minimumAge);

  return (
    <OpenSignup.Provider value={openSignup}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby="signup-modal-title"
        className="m-auto max-h-[95dvh] w-[min(30rem,calc(100%-2rem))] overflow-y-auto rounded-(--radius-card) bg-card p-0 backdrop:bg-ink/60"
        onKeyDown={(event) => {
          if (event.key === "Escape" && inProgress.current) event.preventDefault();
        }}
        onCancel={(event) => {
          if (inProgress.current) event.preventDefault();
        }}
        onClose={() => {
          if (inProgress.current) dialog.current?.showModal();
          else setOpen(false);
        }}
        onClick={(event) => {
          if (event.target === dialog.current && !inProgress.current) close();
        }}
        data-testid="signup-modal"
      >
        {open && (
          <div className="p-6">
            <div className="mb-4 flex items-start justify-between gap-4">
              <div>
                <h2 id="signup-modal-title" className="text-xl font-bold">
                  {t("signup.title")}
                </h2>
                <p className="text-sm text-muted">{t("signup.intro")}</p>
              </div>
              <button type="button" onClick={close} className="btn-ghost min-h-10 px-2" aria-label={t("signup.close")}>
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
            <Suspense fallback={<p className="py-10 text-center text-muted">…</p>}>
              <SignupForm
                minimumAge={minimumAge}
                maxBirthDate={maxBirthDate.toISOString().slice(0, 10)}
                onStarted={() => {
                  inProgress.current = true;
                }}
              />
            </Suspense>
          </div>
        )}
      </dialog>
    </OpenSignup.Provider>
  );
}
