// The signup flow's photo step (/signup-photo, and on /activate/done while the
// member has none): take a photo with the front camera or choose one from the
// gallery, see it, and it goes up through /api/photos like any profile photo,
// shrunk in the browser first. One line says why a photo matters and that it
// is reviewed before anyone else sees it. "Skip for now" posts to
// /signup-photo, which remembers it so the flow does not ask again.
// `accept="image/*"` alone lets a phone offer camera or gallery; `capture`
// forces the camera, so each way has its own button.
import { Camera, ImagePlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useRevalidator } from "react-router";
import { apiFetch } from "#app/components/runtime/api.ts";
import { downscalePhoto } from "./downscale-photo.ts";

const MAX_SIDE = 2048;
const JPEG_QUALITY = 0.9;

type State =
  | { step: "choose" }
  | { step: "uploading"; preview: string }
  | { step: "added"; preview: string; pending: boolean }
  | { step: "failed"; preview: string | null; message: string };

interface PhotoStepProps {
  /** Where "Continue" and "Skip for now" lead. */
  next: "/signup-matches" | "/activate/done";
  /** Shown as the step's heading level: its own page (h1) or a section of one (h2). */
  heading: "h1" | "h2";
  /** A photo went up: the page keeps the step in view though its loader no longer asks for one. */
  onAdded?: () => void;
}

export function PhotoStep({ next, heading: Heading, onAdded }: PhotoStepProps) {
  const { t } = useTranslation("photos");
  const [state, setState] = useState<State>({ step: "choose" });
  const id = useId();
  const revalidator = useRevalidator();
  const preview = state.step === "choose" ? null : state.preview;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = ""; // the same file chosen again must fire change again
    if (!file) return;
    const blob = await downscalePhoto(file, MAX_SIDE, JPEG_QUALITY);
    const shown = URL.createObjectURL(blob);
    setState({ step: "uploading", preview: shown });
    try {
      const form = new FormData();
      form.set("photo", blob, blob instanceof File ? blob.name : "photo.jpg");
      // Sent once: a failed answer may still have stored it, and the member can choose again.
      const response = await apiFetch("/api/photos", { method: "POST", body: form }, { retries: 0 });
      const body = (await response.json().catch(() => null)) as {
        photo?: { status: string };
        message?: string;
      } | null;
      if (response.status !== 201 || !body?.photo) {
        return setState({ step: "failed", preview: shown, message: body?.message || t("errors.general") });
      }
      setState({ step: "added", preview: shown, pending: body.photo.status === "pending" });
      // A page that keeps the step in view reloads its data, so the frame's "add a photo"
      // banner and thumbnail follow; /signup-photo would send the member on at once, and
      // its "Continue" loads the next page anyway.
      if (onAdded) {
        onAdded();
        void revalidator.revalidate();
      }
    } catch {
      setState({ step: "failed", preview: shown, message: t("errors.network") });
    }
  }

  const pick = (capture: boolean) => (
    <label
      className={`${capture ? "btn-primary" : "btn-outline"} min-h-11 w-full cursor-pointer gap-2 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-primary/60 has-disabled:cursor-not-allowed has-disabled:opacity-60`}
    >
      {capture ? <Camera aria-hidden="true" className="size-5" /> : <ImagePlus aria-hidden="true" className="size-5" />}
      {t(capture ? "step.camera" : "step.gallery")}
      <input
        type="file"
        accept="image/*"
        capture={capture ? "user" : undefined}
        className="sr-only"
        disabled={state.step === "uploading"}
        aria-describedby={`${id}-why`}
        data-testid={capture ? "photo-step-camera" : "photo-step-gallery"}
        onChange={(event) => onFile(event.currentTarget)}
      />
    </label>
  );

  return (
    <section className="card p-5 sm:p-6" aria-labelledby={`${id}-title`} data-testid="photo-step">
      <Heading id={`${id}-title`} className="text-xl font-bold">
        {t("step.title")}
      </Heading>
      <p id={`${id}-why`} className="mt-1 text-sm text-muted">
        {t("step.why")}
      </p>
      <div className="mt-4 flex flex-col items-center gap-4">
        <div className="grid size-40 place-items-center overflow-hidden rounded-full bg-secondary-soft">
          {preview ? (
            <img src={preview} alt={t("step.preview")} className="size-full object-cover" />
          ) : (
            <Camera aria-hidden="true" className="size-12 text-muted" />
          )}
        </div>
        <p role="status" className="min-h-5 text-center text-sm">
          {state.step === "uploading" && t("upload.sending")}
          {state.step === "added" && (
            <span className="font-medium text-success">{t(state.pending ? "upload.pending" : "upload.done")}</span>
          )}
          {state.step === "failed" && <span className="text-danger">{state.message}</span>}
        </p>
      </div>
      {state.step === "added" ? (
        <Link to={next} className="btn-primary mt-2 min-h-11 w-full" data-testid="photo-step-continue">
          {t("step.continue")}
        </Link>
      ) : (
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {pick(true)}
          {pick(false)}
        </div>
      )}
      {state.step !== "added" && (
        <Form method="post" action="/signup-photo" className="mt-3 text-center">
          <input type="hidden" name="next" value={next} />
          <button type="submit" name="intent" value="skip" className="btn-ghost min-h-11 px-4 text-sm underline">
            {t("step.skip")}
          </button>
        </Form>
      )}
    </section>
  );
}
