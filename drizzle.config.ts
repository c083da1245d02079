import { defineConfig } from "drizzle-kit";

// Generates SQL for D1 into migrations/; wrangler applies it (`npm run db:migrate`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/server/db/schema.ts",
  out: "./migrations",
});
