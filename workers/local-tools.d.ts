// Set by vite.config.ts / vitest.config.ts: true in dev, tests and builds made
// with DEV_ROUTES=1; false in a production build, whose bundle then holds none
// of the local tools (sandbox checkout, mailbox page, benchmark endpoints).
declare const __LOCAL_TOOLS__: boolean;
