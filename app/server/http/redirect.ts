/** A same-site path to go to after a form: never another origin ("//x", "/\\x", "https:"). */
export function safeRedirectPath(to: string | null | undefined, fallback: string): string {
  if (!to?.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
