// Where the e2e server puts the production build (no local tools) and its own
// local state, for tests/e2e/production.spec.ts to serve with production
// configuration. BUILD_DIR/STATE_DIR keep parallel checkouts apart.
export const productionBuild = {
  dir: `${process.env.BUILD_DIR ?? "build"}-production`,
  state: `${process.env.STATE_DIR ?? ".wrangler/e2e"}-production`,
};
