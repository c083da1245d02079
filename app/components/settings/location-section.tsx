// Settings: where the member lives, chosen by hand or with the browser's
// location (a geolocation button with active and error states; the geocode
// is cached for an hour). The browser's permission is read first, so a
// blocked or missing geolocation shows what to do instead of a button that
// cannot work.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LocationFields, type RegionOption } from "#app/components/accounts/location-fields.tsx";
import { ErrorList, SubmitButton } from "#app/components/forms/fields.tsx";
import { apiFetch } from "#app/components/runtime/api.ts";
import { locationSchema } from "#app/schemas/profile.ts";
import { useGeolocationPermission } from "./geolocation-permission.ts";
import { replyFor, type SettingsReply } from "./reply.ts";
import { SavedNote, Section } from "./section.tsx";

type Place = { country: string; region: { id: number; name: string } };
type LocateState = "idle" | "active" | "unavailable" | "no_place";

const CACHE_KEY = "geolocation_geocode";
const CACHE_MS = 3_600_000;

async function locate(): Promise<Place | "denied" | "unavailable" | "unsupported" | "no_place"> {
  try {
    const cached = JSON.parse(localStorage.getItem(CACHE_KEY) ?? "null") as { at: number; place: Place } | null;
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.place;
  } catch {
    localStorage.removeItem(CACHE_KEY);
  }
  if (!("geolocation" in navigator)) return "unsupported";
  const position = await new Promise<GeolocationPosition | GeolocationPositionError>((resolve) =>
    navigator.geolocation.getCurrentPosition(resolve, resolve, { timeout: 15_000, maximumAge: CACHE_MS }),
  );
  if (!("coords" in position)) return position.code === position.PERMISSION_DENIED ? "denied" : "unavailable";
  // Rounded to about a kilometre: enough for a region, and cacheable.
  const lat = position.coords.latitude.toFixed(2);
  const lon = position.coords.longitude.toFixed(2);
  const response = await apiFetch(`/api/geocode.php?lat=${lat}&lon=${lon}`);
  if (!response.ok) return "no_place";
  const place = (await response.json()) as Place;
  localStorage.setItem(CACHE_KEY, JSON.stringify({ at: Date.now(), place }));
  return place;
}

export function LocationSection({
  defaults,
  countries,
  regions,
  reply,
}: {
  defaults: { country: string; region: string };
  countries: readonly string[];
  regions: readonly RegionOption[];
  reply: SettingsReply | undefined;
}) {
  const { t } = useTranslation("settings");
  const own = replyFor(reply, "location");
  const [state, setState] = useState<LocateState>("idle");
  const [permission, setPermission] = useGeolocationPermission();
  const canLocate = permission !== "unsupported" && permission !== "denied";
  const [found, setFound] = useState<{ country: string; region: string } | null>(null);
  const [form, fields] = useForm({
    id: found ? `location-form-${found.country}-${found.region}` : "location-form",
    lastResult: own?.result,
    defaultValue: found ?? defaults,
    constraint: getZodConstraint(locationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: locationSchema }),
  });

  async function locateMe() {
    setState("active");
    const result = await locate().catch(() => "unavailable" as const);
    if (result === "denied" || result === "unsupported") {
      setState("idle");
      return setPermission(result);
    }
    if (typeof result === "string") return setState(result);
    setPermission("granted");
    if (!countries.includes(result.country)) return setState("no_place");
    setFound({ country: result.country, region: String(result.region.id) });
    setState("idle");
  }

  return (
    <Section id="location" title={t("location.title")}>
      <Form method="post" className="space-y-4" {...getFormProps(form)} key={form.id}>
        <input type="hidden" name="intent" value="location" />
        <LocationFields country={fields.country} region={fields.region} countries={countries} regions={regions} />
        {permission && (
          <p className="text-sm text-muted" aria-live="polite" data-geolocation-permission={permission}>
            {t(`location.permission.${permission}`)}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {canLocate && (
            <button
              type="button"
              className="btn-ghost border border-line"
              onClick={locateMe}
              disabled={state === "active"}
              aria-busy={state === "active"}
              data-state={state}
            >
              <LocateFixed
                className={`size-4 ${state === "active" ? "animate-pulse text-primary" : ""}`}
                aria-hidden="true"
              />
              {state === "active" ? t("location.locating") : t("location.useMine")}
            </button>
          )}
          {state !== "idle" && state !== "active" && (
            <span className="text-sm text-danger" role="alert">
              {t(`location.errors.${state}`)}
            </span>
          )}
          {found && (
            <span className="text-sm text-success" role="status">
              {t("location.found")}
            </span>
          )}
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex items-center gap-3">
          <SubmitButton className="btn-outline">{t("save")}</SubmitButton>
          <SavedNote saved={own?.saved} />
        </div>
      </Form>
    </Section>
  );
}
