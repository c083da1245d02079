// Route guards (spec §6): member pages send visitors to login and back; entry
// pages send members on to the members area.
import { type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#app/context.ts";

export function requireMember(context: Readonly<RouterContextProvider>, request: Request) {
  const app = context.get(requestContext);
  if (app.member) return { app, member: app.member };
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

export function requireAnonymous(context: Readonly<RouterContextProvider>) {
  const app = context.get(requestContext);
  if (app.member) throw redirect("/members");
  return app;
}
