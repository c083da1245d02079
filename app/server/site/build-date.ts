// When this Worker was built (vite.config.ts puts the date in at build time):
// the last change of every page whose words and layout come with the build.
// Null where the code runs unbuilt (unit tests in Node).
declare const __BUILD_DATE__: string | undefined;

export const buildDate: number | null = typeof __BUILD_DATE__ === "string" ? Date.parse(__BUILD_DATE__) : null;
