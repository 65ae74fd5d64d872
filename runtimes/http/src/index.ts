/**
 * The HTTP runtime: admission, error mapping, usage analytics, documents and the node server.
 * @module
 */
export * from "./Admission.js"
export * from "./BodyCache.js"
export * as DashboardHtml from "./dashboard/Html.js"
export { DASHBOARD_PATH, DashboardLive, dashboardRoutes } from "./dashboard/Routes.js"
export * from "./Docs.js"
export * from "./Errors.js"
export * from "./Fairness.js"
export * from "./Loading.js"
export * from "./mcp/Server.js"
export * from "./Memory.js"
export * from "./Metrics.js"
export * from "./Server.js"
export * from "./StoreCache.js"
export * from "./Usage.js"
