// Members shown without a search of one's own: the home page's teaser for
// visitors, and the matches a new member sees as the last step of signup.
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { ageOn } from "./age.ts";
import { MAX_AGE, MIN_AGE, type SearchScope, searchAsVisitor, searchMembers, searchQuerySchema } from "./search.ts";

const TEASER_SIZE = 8;
const MATCHES_SIZE = 12;
/** Years either side of the new member's own age. */
const MATCH_AGE_SPREAD = 8;

/** The home page's teaser: members of the visitor's country where the domain serves it, else of any. */
export async function homeTeaser(app: Omit<SearchScope, "viewer"> & Pick<RequestContext, "country">) {
  const country = app.settings.countries.includes(app.country) ? app.country : undefined;
  const { members } = await searchAsVisitor(app, searchQuerySchema.parse({ country }));
  return members.slice(0, TEASER_SIZE);
}

/** After signup: members of the gender the new member seeks, in their country, near their age. */
export async function signupMatches(app: SearchScope, member: Pick<SessionMember, "profile">) {
  const age = ageOn(member.profile.dateOfBirth, app.now());
  const { members } = await searchMembers(
    app,
    searchQuerySchema.parse({
      gender: member.profile.seeking,
      country: member.profile.country,
      min_age: String(Math.max(MIN_AGE, age - MATCH_AGE_SPREAD)),
      max_age: String(Math.min(MAX_AGE, age + MATCH_AGE_SPREAD)),
    }),
  );
  return members.slice(0, MATCHES_SIZE);
}
