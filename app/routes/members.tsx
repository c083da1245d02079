// /members: member search. Filters live in the query
// string, so a search is a shareable URL and works without JavaScript; with
// JavaScript "more" appends the next page instead of replacing it. People come
// first: on a phone the filters wait behind one button that says how many are
// set, so the first profiles are on the first screen. Going back to a list
// shown before shows it again, pages added included, without asking the
// server (search-cache.ts).
import { SlidersHorizontal } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { MemberGrid } from "#app/components/members/member-card.tsx";
import { cachedSearch, useKeepSearch } from "#app/components/members/search-cache.ts";
import { SearchLocked } from "#app/components/members/search-locked.tsx";
import { requestContext } from "#app/context.ts";
import { countryName, formatNumber } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { bodyTypes, eyeColours, genders, hairColours, relationshipStatuses, sexualities } from "#app/schemas/enums.ts";
import { MAX_AGE, MIN_AGE, searchPage, searchQuerySchema } from "#app/server/members/search.ts";
import { maySearch } from "#app/server/members/search-access.ts";
import { regionsOffered } from "#app/server/settings/offered.ts";
import { trafficSource } from "#app/server/site/traffic-source.ts";
import type { Route } from "./+types/members";

// Components never import app/server/: the options travel in the loader data.
const extraOptions = {
  sexuality: sexualities,
  hair_colour: hairColours,
  eye_colour: eyeColours,
  body_type: bodyTypes,
  relationship_status: relationshipStatuses,
  tattoos: ["yes", "no"],
} as const;
const enumKey = {
  sexuality: "sexuality",
  hair_colour: "hairColour",
  eye_colour: "eyeColour",
  body_type: "bodyType",
  relationship_status: "relationshipStatus",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const url = new URL(request.url);
  if (!maySearch(app, trafficSource(request))) {
    return data({ locked: true as const, title: t("members:title") }, { status: 403 });
  }
  const query = searchQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw data({ message: t("errors:invalidSearch") }, { status: 400 });
  const [result, regions] = await Promise.all([
    searchPage(app, app.member, query.data, { filtered: url.search !== "" }),
    regionsOffered(app),
  ]);
  const effective = result.query;
  return {
    locked: false as const,
    ...result,
    activeFilters: Object.entries(effective).filter(([key, value]) => key !== "page" && value !== undefined).length,
    options: {
      genders,
      countries: app.settings.countries,
      regions: regions.filter((r) => r.country === effective.country),
      minAge: MIN_AGE,
      maxAge: MAX_AGE,
      // "With photo" is offered on every domain, as its own checkbox.
      extra: app.settings.search_fields.flatMap((field) =>
        field === "with_photo" ? [] : [{ field, values: extraOptions[field] }],
      ),
    },
    title: t("members:title"),
    description: t("members:metaDescription", { name: app.settings.name }),
  };
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return cachedSearch<Awaited<ReturnType<typeof serverLoader>>>(request.url) ?? serverLoader();
}

export const meta = (args: Route.MetaArgs) =>
  pageMeta(
    args,
    args.loaderData && {
      title: args.loaderData.title,
      description: args.loaderData.locked ? null : args.loaderData.description,
    },
  );

type Results = Exclude<Route.ComponentProps["loaderData"], { locked: true }>;

export default function Members({ loaderData }: Route.ComponentProps) {
  if (loaderData.locked) return <SearchLocked returnTo="/members" />;
  return <Search data={loaderData} />;
}

function queryString(query: Results["query"], page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key !== "page" && value !== undefined && value !== null) params.set(key, String(value));
  }
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

function Search({ data: results }: { data: Results }) {
  const { t } = useTranslation("members");
  const locale = useLocale();
  const { query, options } = results;
  const searching = useNavigation().state === "loading";
  const [filtersOpen, setFiltersOpen] = useState(false);
  const more = useFetcher<Results>();
  // Pages accumulate; a new search starts over.
  const [pages, setPages] = useState({ members: results.members, page: results.page, hasMore: results.hasMore });
  useEffect(() => setPages({ members: results.members, page: results.page, hasMore: results.hasMore }), [results]);
  useEffect(() => {
    const next = more.data;
    if (!next || next.locked) return;
    setPages((current) => ({
      members: [...current.members, ...next.members.filter((m) => !current.members.some((c) => c.id === m.id))],
      page: next.page,
      hasMore: next.hasMore,
    }));
  }, [more.data]);
  useKeepSearch(useMemo(() => ({ ...results, ...pages }), [results, pages]));
  const countryLabel = (code: string) => countryName(code, locale);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-4 flex items-center justify-between gap-3 md:mb-6">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <button
          type="button"
          className="btn-outline min-h-11 md:hidden"
          aria-expanded={filtersOpen}
          aria-controls="member-filters"
          data-testid="filters-toggle"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {results.activeFilters > 0
            ? t("filtersButtonActive", { number: formatNumber(results.activeFilters, locale) })
            : t("filtersButton")}
        </button>
      </div>
      <Form
        method="get"
        id="member-filters"
        onSubmit={() => setFiltersOpen(false)}
        className={`card mb-6 grid-cols-2 gap-3 p-4 md:grid md:grid-cols-4 lg:grid-cols-6 ${filtersOpen ? "grid" : "hidden"}`}
        aria-label={t("filters")}
      >
        <label className="col-span-2 md:col-span-1">
          <span className="field-label">{t("gender")}</span>
          <select name="gender" defaultValue={query.gender ?? ""} className="field-input">
            <option value="">{t("anyGender")}</option>
            {options.genders.map((g) => (
              <option key={g} value={g}>
                {t(`enums:gender.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="col-span-2 md:col-span-1">
          <span className="field-label">{t("country")}</span>
          <select name="country" defaultValue={query.country ?? ""} className="field-input">
            <option value="">{t("anyCountry")}</option>
            {options.countries.map((c) => (
              <option key={c} value={c}>
                {countryLabel(c)}
              </option>
            ))}
          </select>
        </label>
        {options.regions.length > 0 && (
          <label className="col-span-2 md:col-span-1">
            <span className="field-label">{t("region")}</span>
            <select name="countryregion" defaultValue={query.countryregion ?? ""} className="field-input">
              <option value="">{t("anyRegion")}</option>
              {options.regions.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <span className="field-label">{t("minAge")}</span>
          <input
            type="number"
            name="min_age"
            min={options.minAge}
            max={options.maxAge}
            defaultValue={query.min_age}
            placeholder={String(options.minAge)}
            className="field-input"
          />
        </label>
        <label>
          <span className="field-label">{t("maxAge")}</span>
          <input
            type="number"
            name="max_age"
            min={options.minAge}
            max={options.maxAge}
            defaultValue={query.max_age}
            placeholder={String(options.maxAge)}
            className="field-input"
          />
        </label>
        <label className="col-span-2 flex min-h-11 items-center gap-2 self-end md:col-span-1">
          <input
            type="checkbox"
            name="with_photo"
            value="1"
            defaultChecked={query.with_photo === "1"}
            className="size-5 accent-primary"
          />
          <span>{t("searchFields.with_photo")}</span>
        </label>
        {options.extra.map(({ field, values }) => (
          <label key={field} className="col-span-2 md:col-span-1">
            <span className="field-label">{t(`searchFields.${field}`)}</span>
            <select name={field} defaultValue={(query[field] as string | undefined) ?? ""} className="field-input">
              <option value="">{t("any")}</option>
              {values.map((value) => (
                <option key={value} value={value}>
                  {field in enumKey
                    ? t(`enums:${enumKey[field as keyof typeof enumKey]}.${value}`)
                    : t(`searchFields.values.${field}.${value}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <div className="col-span-2 flex items-end gap-2 md:col-span-4 lg:col-span-6">
          <button type="submit" className="btn-primary" disabled={searching}>
            {t("search")}
          </button>
          <Link to="?" className="btn-ghost" data-testid="clear-search">
            {t("clear")}
          </Link>
        </div>
      </Form>

      <p className="mb-4 text-sm text-muted" aria-live="polite" data-testid="num-results">
        {results.moreThanCap
          ? t("resultsMore", { count: results.numResults, formatted: formatNumber(results.numResults, locale) })
          : t("results", { count: results.numResults, formatted: formatNumber(results.numResults, locale) })}
      </p>

      {pages.members.length > 0 ? (
        <MemberGrid members={pages.members} countryName={countryLabel} />
      ) : (
        <p className="card p-8 text-center text-muted">{t("noResults")}</p>
      )}

      <nav aria-label={t("pagination")} className="mt-8 flex items-center justify-center gap-3">
        {pages.hasMore && (
          <Link
            to={`?${queryString(query, pages.page + 1)}`}
            className="btn-outline"
            rel="next"
            aria-busy={more.state !== "idle"}
            onClick={(event) => {
              event.preventDefault();
              more.load(`/members?${queryString(query, pages.page + 1)}`);
            }}
          >
            {more.state !== "idle" ? t("loading") : t("loadMore")}
          </Link>
        )}
      </nav>

      {results.similar.length > 0 && (
        <section className="mt-12" aria-labelledby="similar-title">
          <h2 id="similar-title" className="mb-4 text-xl font-bold">
            {t("similar")}
          </h2>
          <MemberGrid members={results.similar} countryName={countryLabel} />
        </section>
      )}
    </div>
  );
}
