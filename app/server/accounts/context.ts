import type { RequestContext } from "#app/context.ts";

/** What account rules need from a request. */
export type AccountsContext = Pick<
  RequestContext,
  "db" | "env" | "ctx" | "settings" | "locale" | "country" | "now" | "origin" | "log" | "domain"
>;
