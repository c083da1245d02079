// The header our own pages put on every call to /api (apiFetch). A change
// without it is refused, since a form on another site cannot send it.
export const CLIENT_HEADER = { name: "X-Requested-With", value: "XMLHttpRequest" } as const;
