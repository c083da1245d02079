// Interests in two groups: the ordinary ones (cycling, coffee...) and those
// for adults only (the catalogue's `adult` flag), which never sit between
// them. On the own profile the adult group opens only when the member ticks
// "Show adult interests" (ticked already when they chose one); unticking it
// leaves them out of the next save. A profile shows them under a heading of
// their own.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { InterestIcon } from "./interest-icon.tsx";

interface GroupedInterest {
  slug: string;
  icon: string;
  adult: boolean;
}

/** The ordinary interests and the adult ones, each in its own order. */
function splitAdult<T extends { adult: boolean }>(interests: readonly T[]) {
  return { ordinary: interests.filter((i) => !i.adult), adult: interests.filter((i) => i.adult) };
}

/** The own-profile editor's checkboxes (`name="interests"`). */
export function InterestChoices({ options, chosen }: { options: readonly GroupedInterest[]; chosen: Set<string> }) {
  const { t } = useTranslation("profile");
  const id = useId();
  const { ordinary, adult } = splitAdult(options);
  const [showAdult, setShowAdult] = useState(() => adult.some((i) => chosen.has(i.slug)));
  return (
    <>
      <Chips interests={ordinary} chosen={chosen} />
      {adult.length > 0 && (
        <div className="mt-4 border-t border-line pt-4" data-testid="adult-interests">
          <label className="flex min-h-11 items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={showAdult}
              onChange={(event) => setShowAdult(event.target.checked)}
              aria-controls={`${id}-adult`}
              aria-describedby={`${id}-adult-hint`}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span>
              <span className="block font-medium">{t("adultInterests.toggle")}</span>
              <span id={`${id}-adult-hint`} className="text-muted">
                {t("adultInterests.hint")}
              </span>
            </span>
          </label>
          <div id={`${id}-adult`} hidden={!showAdult} className="mt-2">
            {showAdult && <Chips interests={adult} chosen={chosen} />}
          </div>
        </div>
      )}
    </>
  );
}

function Chips({ interests, chosen }: { interests: readonly GroupedInterest[]; chosen: Set<string> }) {
  const { t } = useTranslation("interests");
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {interests.map((interest) => (
        <label
          key={interest.slug}
          className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full border border-line px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary/60"
        >
          <input
            type="checkbox"
            name="interests"
            value={interest.slug}
            defaultChecked={chosen.has(interest.slug)}
            className="sr-only"
          />
          <InterestIcon icon={interest.icon} className="size-4" />
          {t(interest.slug)}
        </label>
      ))}
    </div>
  );
}

/** A profile's interests as others see them: the adult ones under their own heading. */
export function ProfileInterests({ interests }: { interests: readonly GroupedInterest[] }) {
  const { t } = useTranslation(["profile", "interests"]);
  const { ordinary, adult } = splitAdult(interests);
  const list = (items: readonly GroupedInterest[]) => (
    <ul className="flex flex-wrap gap-2">
      {items.map((interest) => (
        <li
          key={interest.slug}
          className="inline-flex items-center gap-1.5 rounded-full bg-secondary-soft px-3 py-1 text-sm"
        >
          <InterestIcon icon={interest.icon} className="size-4 text-secondary" />
          {t(`interests:${interest.slug}`)}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {ordinary.length > 0 && list(ordinary)}
      {adult.length > 0 && (
        <div className="mt-4" data-testid="profile-adult-interests">
          <h3 className="mb-2 text-sm font-bold">{t("profile:adultInterests.title")}</h3>
          {list(adult)}
        </div>
      )}
    </>
  );
}
