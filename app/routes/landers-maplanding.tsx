// /landers/maplanding/{slug?}: members of the niche as pins on a
// drawn map of where they live (their region's coordinates; no map tiles, no
// exact places), with the chosen member's card beside it.
import { MapPin } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { landerHandle, landerMeta } from "#app/components/landers/lander-meta.ts";
import { MemberPhoto, NoMembers, nameLine, OnlineDot, SignupCta } from "#app/components/landers/parts.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { countryName } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { landerPage } from "#app/routing/landers.server.ts";
import type { Route } from "./+types/landers-maplanding";

export const handle = landerHandle("maplanding");

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  landerPage(context, request, { lander: "maplanding", slug: params.slug, count: 16 });

export const meta = (args: Route.MetaArgs) => landerMeta(args);

const mapBackground =
  "linear-gradient(90deg, rgb(0 0 0 / 0.04) 1px, transparent 1px) 0 0 / 40px 40px, linear-gradient(rgb(0 0 0 / 0.04) 1px, transparent 1px) 0 0 / 40px 40px, radial-gradient(circle at 30% 40%, #d9f0d3 0 18%, transparent 19%), radial-gradient(circle at 75% 65%, #d9f0d3 0 14%, transparent 15%), linear-gradient(160deg, #eef6ea, #e3eef7)";

// The map is a grid of cells, each a little larger than a pin at 320 px
// (48 x 54 px of a 288 x 216 px map): every pin takes the free cell nearest to
// where its member lives, so no pin covers another or is cut off by the edge.
const COLUMNS = 6;
const ROWS = 4;

/** Each member with a place, in the free cell nearest to their coordinates (equirectangular, shrunk by latitude). */
function placePins<T extends { id: number; lat: number | null; lon: number | null }>(members: T[]) {
  const placed = members.filter((m) => m.lat !== null && m.lon !== null).slice(0, COLUMNS * ROWS);
  const lats = placed.map((m) => m.lat!);
  const lons = placed.map((m) => m.lon! * Math.cos((m.lat! * Math.PI) / 180));
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const free = Array.from({ length: COLUMNS * ROWS }, (_, cell) => ({
    column: cell % COLUMNS,
    row: Math.floor(cell / COLUMNS),
  }));
  return placed.map((member, i) => {
    const x = ((lons[i]! - minLon) / (maxLon - minLon || 1)) * (COLUMNS - 1);
    const y = ((maxLat - lats[i]!) / (maxLat - minLat || 1)) * (ROWS - 1);
    const distance = (cell: { column: number; row: number }) => (cell.column - x) ** 2 + (cell.row - y) ** 2;
    const nearest = free.reduce((best, cell) => (distance(cell) < distance(best) ? cell : best));
    free.splice(free.indexOf(nearest), 1);
    return { member, left: ((nearest.column + 0.5) / COLUMNS) * 100, top: ((nearest.row + 0.5) / ROWS) * 100 };
  });
}

export default function MapLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const locale = useLocale();
  const chrome = useSiteChrome();
  const { members } = loaderData;
  const [chosen, setChosen] = useState(members[0]?.id ?? null);
  const pins = placePins(members);
  const selected = members.find((m) => m.id === chosen) ?? members[0];
  const country = chrome ? countryName(chrome.country, locale) : "";
  return (
    <div className="bg-surface">
      <section className="mx-auto max-w-6xl px-4 pt-8 pb-12">
        <h1 className="text-3xl font-black tracking-tight sm:text-5xl">
          {t("landers.maplanding.title", { audience: loaderData.audience })}
        </h1>
        <p className="mt-2 max-w-2xl text-muted">
          {t("landers.maplanding.intro", { country, context: chrome?.country })}
        </p>
        {members.length === 0 ? (
          <NoMembers />
        ) : (
          <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
            <div className="min-w-0">
              <fieldset
                className="relative m-0 aspect-[4/3] min-w-0 overflow-hidden rounded-3xl border border-line p-0 shadow-(--shadow-card)"
                style={{ background: mapBackground }}
                aria-label={t("landers.maplanding.mapLabel")}
              >
                {pins.map(({ member, left, top }) => (
                  <button
                    key={member.id}
                    type="button"
                    onClick={() => setChosen(member.id)}
                    aria-pressed={member.id === selected?.id}
                    aria-label={nameLine(member)}
                    className="absolute size-11 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-white shadow-lg transition-transform hover:z-10 hover:scale-105 aria-pressed:z-20 aria-pressed:border-primary aria-pressed:ring-2 aria-pressed:ring-primary/40"
                    data-testid="map-pin"
                    style={{ left: `${left}%`, top: `${top}%` }}
                  >
                    <img
                      src={member.thumb}
                      alt=""
                      width={40}
                      height={40}
                      className="size-full rounded-full object-cover"
                    />
                  </button>
                ))}
              </fieldset>
              <p className="mt-2 flex items-center gap-1 px-1 text-xs font-semibold text-muted">
                <MapPin className="size-3.5 text-primary" aria-hidden="true" />
                {t("landers.maplanding.count", { count: members.length })}
              </p>
            </div>
            {selected && (
              <article className="card overflow-hidden" aria-live="polite" data-testid="map-selected">
                <MemberPhoto member={selected} className="aspect-square" priority size={400} />
                <div className="p-5">
                  <h2 className="text-xl font-black">{nameLine(selected)}</h2>
                  <OnlineDot online={selected.online} className="mt-1 text-muted" />
                  {selected.about && <p className="mt-3 line-clamp-3 text-sm text-muted">{selected.about}</p>}
                  <SignupCta className="btn-primary mt-4 w-full">
                    {t("landers.maplanding.cta", { name: selected.name })}
                  </SignupCta>
                </div>
              </article>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
