/**
 * The query and path parameter schemas of every endpoint, with their limits and defaults
 * (page sizes, `withDefault`), for the handlers that apply them.
 * @module
 */
export * from "./Analytics.js"
export * from "./Cfb.js"
export * from "./Common.js"
export * from "./Dfs.js"
export * from "./EventSports.js"
export * from "./Feed.js"
export * from "./Intelligence.js"
export * from "./Mlb.js"
export * from "./Models.js"
export * from "./Nba.js"
export * from "./Nfl.js"
export * from "./NflExtras.js"
export * from "./Nhl.js"
export * from "./Odds.js"
export * from "./Players.js"
export * from "./Soccer.js"
export * from "./Tennis.js"
export * from "./Ufc.js"
export * from "./Unavailable.js"
