// The figures of the console's dashboard, named once for the rule that counts
// them (app/server/operators/dashboard.ts) and the page that draws them.
export const dashboardMetrics = ["signups", "activations", "firstPurchases", "messages"] as const;
export type DashboardMetric = (typeof dashboardMetrics)[number];
