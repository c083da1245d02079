// The member's own photos on /profile: upload, choose the main photo,
// make private or public, delete. A photo is shrunk in the browser first
// (at most 2048 px, JPEG) so uploads from phones stay small and their EXIF
// data never leaves the device; the server re-encodes it all the same.
// These calls go around React Router, so after each one the page's loaders
// run again: the frame's "add a photo" banner and thumbnail follow at once.
// They go through apiFetch (an ended session logs out, passing failures are
// retried) and each outcome is a toast, seen wherever the member scrolled to.
// Changes are retried as they say the end state (main photo, private or not)
// and a delete that finds the photo gone takes it as done; an upload is sent
// once, since a failed answer may still have stored the photo, and a second
// try would post it twice: the member picks the photo again if it is missing.
import { Lock, Star } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { showToast } from "#app/components/layout/toast-host.tsx";
import { apiFetch } from "#app/components/runtime/api.ts";
import { downscalePhoto } from "./downscale-photo.ts";

/** One photo as GET /api/photos answers it. */
export interface OwnPhoto {
  id: number;
  thumb: string;
  url: string;
  status: "pending" | "active" | "rejected";
  is_private: boolean;
  is_main: boolean;
  position: number;
}

/** The GET /api/photos answer. */
export interface OwnPhotos {
  photos: OwnPhoto[];
  limit: { used: number; max: number; premium_max?: number };
}

const MAX_SIDE = 2048;
const JPEG_QUALITY = 0.9;

type Upload = "preparing" | "uploading";

export function PhotoManager({ initial, paid }: { initial: OwnPhotos; paid: boolean }) {
  const { t } = useTranslation("photos");
  const [data, setData] = useState(initial);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [uploadPrivate, setUploadPrivate] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const revalidator = useRevalidator();

  const { used, max } = data.limit;
  const full = used >= max;
  const busy = upload !== null || busyId !== null;

  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
  }, [confirming]);

  const fail = (text: string) => showToast({ tone: "danger", text });
  const succeed = (text: string) => showToast({ tone: "success", text });
  // A refused refresh carries the server's message; anything else is the connection.
  const failWith = (error: unknown) => fail(error instanceof AnswerError ? error.message : t("errors.network"));
  const errorOf = async (response: Response) => {
    const body = await response.json().catch(() => null);
    const text = (body as { message?: unknown } | null)?.message;
    return typeof text === "string" && text ? text : t("errors.general");
  };

  async function refresh() {
    const response = await apiFetch("/api/photos", { cache: "no-store" });
    if (!response.ok) throw new AnswerError(await errorOf(response));
    setData((await response.json()) as OwnPhotos);
    void revalidator.revalidate();
  }

  async function onFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = ""; // choosing the same file again must fire change again
    if (!file) return;
    setUpload("preparing");
    try {
      const blob = await downscalePhoto(file, MAX_SIDE, JPEG_QUALITY);
      setUpload("uploading");
      const form = new FormData();
      form.set("photo", blob, blob instanceof File ? blob.name : "photo.jpg");
      if (uploadPrivate) form.set("private", "1");
      const response = await apiFetch("/api/photos", { method: "POST", body: form }, { retries: 0 });
      if (response.status !== 201) return fail(await errorOf(response));
      const { photo } = (await response.json()) as { photo: OwnPhoto };
      await refresh();
      succeed(t(photo.status === "pending" ? "upload.pending" : "upload.done"));
    } catch (error) {
      failWith(error);
    } finally {
      setUpload(null);
    }
  }

  async function change(photo: OwnPhoto, method: "PATCH" | "DELETE", body: object | null, done: string) {
    setBusyId(photo.id);
    try {
      const response = await apiFetch(`/api/photos/${photo.id}`, {
        method,
        headers: body ? { "Content-Type": "application/json" } : undefined,
        body: body ? JSON.stringify(body) : undefined,
      });
      const gone = method === "DELETE" && response.status === 404;
      if (!response.ok && !gone) return fail(await errorOf(response));
      await refresh();
      succeed(t(done));
    } catch (error) {
      failWith(error);
    } finally {
      setBusyId(null);
      setConfirming(null);
    }
  }

  function cancelDelete(photoId: number) {
    setConfirming(null);
    // Back to the button that opened the question, not to the top of the page.
    requestAnimationFrame(() => document.getElementById(`${id}-delete-${photoId}`)?.focus());
  }

  return (
    <section className="card p-5 sm:p-6" aria-labelledby={`${id}-title`}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted">{t("count", { used, max })}</p>
      </div>

      {data.photos.length === 0 ? (
        <p className="mb-4 text-sm text-muted">{t("empty")}</p>
      ) : (
        <ul className="mb-5 grid grid-cols-2 gap-4 sm:grid-cols-3">
          {data.photos.map((photo, index) => {
            const label = t("photo", { number: index + 1 });
            const working = busyId === photo.id;
            return (
              <li key={photo.id} aria-busy={working} className="flex flex-col gap-2">
                <figure className="relative">
                  <img
                    src={photo.thumb}
                    alt={label}
                    width={320}
                    height={320}
                    loading="lazy"
                    decoding="async"
                    className={`aspect-square w-full rounded-lg bg-secondary-soft object-cover ${photo.status === "rejected" ? "opacity-50" : ""}`}
                  />
                  <figcaption className="mt-1 flex flex-wrap gap-1 text-xs">
                    <span className="sr-only">{label}: </span>
                    {photo.is_main && (
                      <span className="badge gap-1 bg-primary text-white">
                        <Star aria-hidden="true" className="size-3" />
                        {t("badge.main")}
                      </span>
                    )}
                    {photo.is_private && (
                      <span className="badge gap-1 bg-secondary text-white">
                        <Lock aria-hidden="true" className="size-3" />
                        {t("badge.private")}
                      </span>
                    )}
                    {photo.status === "pending" && (
                      <span className="badge bg-unread text-unread-ink">{t("badge.pending")}</span>
                    )}
                    {photo.status === "rejected" && (
                      <span className="badge bg-danger text-white">{t("badge.rejected")}</span>
                    )}
                  </figcaption>
                </figure>

                {confirming === photo.id ? (
                  <fieldset className="flex flex-col gap-2">
                    <legend className="mb-2 text-sm font-medium">{t("actions.confirmDelete")}</legend>
                    <button
                      ref={confirmRef}
                      type="button"
                      className="btn bg-danger text-white hover:brightness-95"
                      disabled={working}
                      onClick={() => change(photo, "DELETE", null, "saved.deleted")}
                    >
                      {t("actions.confirmYes")}
                    </button>
                    <button
                      type="button"
                      className="btn-ghost"
                      disabled={working}
                      onClick={() => cancelDelete(photo.id)}
                    >
                      {t("actions.cancel")}
                    </button>
                  </fieldset>
                ) : (
                  <fieldset className="flex flex-col gap-2">
                    <legend className="sr-only">{label}</legend>
                    {!photo.is_main && !photo.is_private && photo.status !== "rejected" && (
                      <button
                        type="button"
                        className="btn-outline"
                        disabled={busy}
                        onClick={() => change(photo, "PATCH", { main: true }, "saved.main")}
                      >
                        {t("actions.makeMain")}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn-outline"
                      disabled={busy}
                      onClick={() =>
                        change(
                          photo,
                          "PATCH",
                          { is_private: !photo.is_private },
                          photo.is_private ? "saved.public" : "saved.private",
                        )
                      }
                    >
                      {t(photo.is_private ? "actions.makePublic" : "actions.makePrivate")}
                    </button>
                    <button
                      id={`${id}-delete-${photo.id}`}
                      type="button"
                      className="btn-ghost text-danger"
                      disabled={busy}
                      onClick={() => setConfirming(photo.id)}
                    >
                      {t("actions.delete")}
                    </button>
                  </fieldset>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {full ? (
        <div className="rounded-lg border border-line bg-secondary-soft p-3 text-sm">
          <p>{t("limit.reached")}</p>
          {!paid && data.limit.premium_max !== undefined && (
            <p className="mt-1">
              {t("limit.premium", { max: data.limit.premium_max })}{" "}
              <Link to="/premium" className="font-semibold text-primary underline">
                {t("limit.premiumLink")}
              </Link>
            </p>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={uploadPrivate}
              onChange={(event) => setUploadPrivate(event.target.checked)}
              disabled={busy}
              aria-describedby={`${id}-private-hint`}
              className="mt-0.5 size-5 accent-primary"
            />
            <span>
              <span className="block font-medium">{t("upload.private")}</span>
              <span id={`${id}-private-hint`} className="text-muted">
                {t("upload.privateHint")}
              </span>
            </span>
          </label>
          <div>
            <label
              htmlFor={`${id}-file`}
              className="btn-primary cursor-pointer focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-primary/60 has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              {upload === null ? t("upload.label") : t(upload === "preparing" ? "upload.preparing" : "upload.sending")}
              <input
                id={`${id}-file`}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                disabled={busy}
                aria-describedby={`${id}-file-hint`}
                onChange={(event) => onFile(event.currentTarget)}
              />
            </label>
            <p id={`${id}-file-hint`} className="mt-1 text-xs text-muted">
              {t("upload.hint")}
            </p>
            {upload === "uploading" && (
              <progress className="mt-2 h-2 w-full accent-primary" aria-label={t("upload.sending")} />
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/** The server said no, in the visitor's words. */
class AnswerError extends Error {}
