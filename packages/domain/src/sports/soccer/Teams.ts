/**
 * The soccer team directory: one entry per club of the six soccer leagues in the data, keyed by a
 * canonical team key (`Team.abbr`, a lower-case slug unique across every league, e.g. `arsenal`,
 * `bayern-munich`), with the display name, every name a source writes for the club, its country
 * and the league keys it plays in.
 *
 * The display name and the aliases together are the names the two sources write (compared
 * case-insensitively):
 * - openfootball football.json (`team1`/`team2`): full club names such as "Arsenal FC",
 *   "FC Bayern München"; the Champions League file adds the country in brackets
 *   ("Arsenal FC (ENG)"), which the ingest parser splits off and checks against `country`;
 * - datasets/football-datasets (`HomeTeam`/`AwayTeam`, football-data.co.uk short names):
 *   "Man City", "Nott'm Forest", "M'gladbach", "Ath Madrid".
 * A name not listed here is not guessed: the ingest reports the row as skipped.
 *
 * Countries are the three-letter codes the openfootball Champions League file writes (ENG, ESP,
 * GER, ITA, FRA, NED, POR, ...); MLS clubs are USA or CAN. MLS conferences are those of the 2025
 * season (15 clubs each; MLS, "2025 MLS regular season", conference alignment).
 * `leagues` lists the leagues of the club in the data (2022-23 to 2025-26 domestic seasons,
 * Champions League 2024-25, MLS 2025), not its whole history.
 * @module
 */
import type { TeamDirectoryEntry } from "../SportModule.js"

/** A directory entry with the club's country (three-letter code as above). */
export interface SoccerTeamEntry extends TeamDirectoryEntry {
  readonly country: string
}

const entry = (
  abbr: string,
  name: string,
  aliases: ReadonlyArray<string>,
  country: string,
  leagues: ReadonlyArray<string>,
  conference: string | null = null
): SoccerTeamEntry => ({ abbr, name, aliases, country, leagues, conference, division: null })

const epl = (abbr: string, name: string, aliases: ReadonlyArray<string>, cl = false) =>
  entry(abbr, name, aliases, "ENG", cl ? ["epl", "champions_league"] : ["epl"])
const liga = (abbr: string, name: string, aliases: ReadonlyArray<string>, cl = false) =>
  entry(abbr, name, aliases, "ESP", cl ? ["la_liga", "champions_league"] : ["la_liga"])
const buli = (abbr: string, name: string, aliases: ReadonlyArray<string>, cl = false) =>
  entry(abbr, name, aliases, "GER", cl ? ["bundesliga", "champions_league"] : ["bundesliga"])
const serieA = (abbr: string, name: string, aliases: ReadonlyArray<string>, cl = false) =>
  entry(abbr, name, aliases, "ITA", cl ? ["serie_a", "champions_league"] : ["serie_a"])
const ucl = (abbr: string, name: string, aliases: ReadonlyArray<string>, country: string) =>
  entry(abbr, name, aliases, country, ["champions_league"])
const mls = (
  abbr: string,
  name: string,
  aliases: ReadonlyArray<string>,
  conference: "Eastern" | "Western",
  country = "USA"
) => entry(abbr, name, aliases, country, ["mls"], conference)

/** Every club of the data, by league (a club in the Champions League too is listed once, at home). */
export const soccerTeams: ReadonlyArray<SoccerTeamEntry> = [
  // Premier League (2022-23 .. 2025-26)
  epl("arsenal", "Arsenal", ["Arsenal FC"], true),
  epl("aston-villa", "Aston Villa", ["Aston Villa FC"], true),
  epl("bournemouth", "AFC Bournemouth", ["Bournemouth"]),
  epl("brentford", "Brentford", ["Brentford FC"]),
  epl("brighton", "Brighton & Hove Albion", ["Brighton & Hove Albion FC", "Brighton"]),
  epl("burnley", "Burnley", ["Burnley FC"]),
  epl("chelsea", "Chelsea", ["Chelsea FC"]),
  epl("crystal-palace", "Crystal Palace", ["Crystal Palace FC"]),
  epl("everton", "Everton", ["Everton FC"]),
  epl("fulham", "Fulham", ["Fulham FC"]),
  epl("ipswich-town", "Ipswich Town", ["Ipswich Town FC", "Ipswich"]),
  epl("leeds-united", "Leeds United", ["Leeds United FC", "Leeds"]),
  epl("leicester-city", "Leicester City", ["Leicester City FC", "Leicester"]),
  epl("liverpool", "Liverpool", ["Liverpool FC"], true),
  epl("luton-town", "Luton Town", ["Luton Town FC", "Luton"]),
  epl("manchester-city", "Manchester City", ["Manchester City FC", "Man City"], true),
  epl("manchester-united", "Manchester United", ["Manchester United FC", "Man United"]),
  epl("newcastle-united", "Newcastle United", ["Newcastle United FC", "Newcastle"]),
  epl("nottingham-forest", "Nottingham Forest", ["Nottingham Forest FC", "Nott'm Forest"]),
  epl("sheffield-united", "Sheffield United", ["Sheffield United FC"]),
  epl("southampton", "Southampton", ["Southampton FC"]),
  epl("sunderland", "Sunderland", ["Sunderland AFC"]),
  epl("tottenham-hotspur", "Tottenham Hotspur", ["Tottenham Hotspur FC", "Tottenham"]),
  epl("west-ham-united", "West Ham United", ["West Ham United FC", "West Ham"]),
  epl("wolverhampton-wanderers", "Wolverhampton Wanderers", ["Wolverhampton Wanderers FC", "Wolves"]),
  // La Liga
  liga("alaves", "Deportivo Alavés", ["Alaves"]),
  liga("almeria", "UD Almería", ["Almeria"]),
  liga("athletic-club", "Athletic Club", ["Ath Bilbao"]),
  liga("atletico-madrid", "Atlético Madrid", ["Club Atlético de Madrid", "Ath Madrid"], true),
  liga("barcelona", "FC Barcelona", ["Barcelona"], true),
  liga("real-betis", "Real Betis", ["Real Betis Balompié", "Betis"]),
  liga("cadiz", "Cádiz CF", ["Cadiz"]),
  liga("celta-vigo", "Celta Vigo", ["RC Celta de Vigo", "Celta"]),
  liga("elche", "Elche CF", ["Elche"]),
  liga("espanyol", "Espanyol", ["RCD Espanyol de Barcelona", "Espanol"]),
  liga("getafe", "Getafe CF", ["Getafe"]),
  liga("girona", "Girona FC", ["Girona"], true),
  liga("granada", "Granada CF", ["Granada"]),
  liga("las-palmas", "UD Las Palmas", ["Las Palmas"]),
  liga("leganes", "CD Leganés", ["Leganes"]),
  liga("levante", "Levante UD", ["Levante"]),
  liga("mallorca", "RCD Mallorca", ["Mallorca"]),
  liga("osasuna", "CA Osasuna", ["Osasuna"]),
  liga("real-oviedo", "Real Oviedo", ["Oviedo"]),
  liga("rayo-vallecano", "Rayo Vallecano", ["Rayo Vallecano de Madrid", "Vallecano"]),
  liga("real-madrid", "Real Madrid", ["Real Madrid CF"], true),
  liga("real-sociedad", "Real Sociedad", ["Real Sociedad de Fútbol", "Sociedad"]),
  liga("real-valladolid", "Real Valladolid", ["Real Valladolid CF", "Valladolid"]),
  liga("sevilla", "Sevilla FC", ["Sevilla"]),
  liga("valencia", "Valencia CF", ["Valencia"]),
  liga("villarreal", "Villarreal CF", ["Villarreal"]),
  // Bundesliga
  buli("augsburg", "FC Augsburg", ["Augsburg"]),
  buli("bayer-leverkusen", "Bayer Leverkusen", ["Bayer 04 Leverkusen", "Leverkusen"], true),
  buli("bayern-munich", "Bayern Munich", ["FC Bayern München"], true),
  buli("bochum", "VfL Bochum", ["VfL Bochum 1848", "Bochum"]),
  buli("borussia-dortmund", "Borussia Dortmund", ["Dortmund"], true),
  buli("borussia-monchengladbach", "Borussia Mönchengladbach", ["M'gladbach"]),
  buli("darmstadt", "SV Darmstadt 98", ["Darmstadt"]),
  buli("eintracht-frankfurt", "Eintracht Frankfurt", ["Ein Frankfurt"]),
  buli("freiburg", "SC Freiburg", ["Freiburg"]),
  buli("hamburg", "Hamburger SV", ["Hamburg"]),
  buli("heidenheim", "1. FC Heidenheim", ["1. FC Heidenheim 1846", "Heidenheim"]),
  buli("hertha-bsc", "Hertha BSC", ["Hertha"]),
  buli("hoffenheim", "TSG Hoffenheim", ["TSG 1899 Hoffenheim", "Hoffenheim"]),
  buli("holstein-kiel", "Holstein Kiel", []),
  buli("koln", "1. FC Köln", ["FC Koln"]),
  buli("mainz", "1. FSV Mainz 05", ["Mainz"]),
  buli("rb-leipzig", "RB Leipzig", [], true),
  buli("schalke", "FC Schalke 04", ["Schalke 04"]),
  buli("st-pauli", "FC St. Pauli", ["FC St. Pauli 1910", "St Pauli"]),
  buli("stuttgart", "VfB Stuttgart", ["Stuttgart"], true),
  buli("union-berlin", "1. FC Union Berlin", ["Union Berlin"]),
  buli("werder-bremen", "Werder Bremen", ["SV Werder Bremen"]),
  buli("wolfsburg", "VfL Wolfsburg", ["Wolfsburg"]),
  // Serie A
  serieA("ac-milan", "AC Milan", ["Milan"], true),
  serieA("atalanta", "Atalanta", ["Atalanta BC"], true),
  serieA("bologna", "Bologna", ["Bologna FC 1909"], true),
  serieA("cagliari", "Cagliari", ["Cagliari Calcio"]),
  serieA("como", "Como", ["Como 1907"]),
  serieA("cremonese", "Cremonese", ["US Cremonese"]),
  serieA("empoli", "Empoli", ["Empoli FC"]),
  serieA("fiorentina", "Fiorentina", ["ACF Fiorentina"]),
  serieA("frosinone", "Frosinone", ["Frosinone Calcio"]),
  serieA("genoa", "Genoa", ["Genoa CFC"]),
  serieA("hellas-verona", "Hellas Verona", ["Hellas Verona FC", "Verona"]),
  serieA("inter", "Inter", ["FC Internazionale Milano"], true),
  serieA("juventus", "Juventus", ["Juventus FC"], true),
  serieA("lazio", "Lazio", ["SS Lazio"]),
  serieA("lecce", "Lecce", ["US Lecce"]),
  serieA("monza", "Monza", ["AC Monza"]),
  serieA("napoli", "Napoli", ["SSC Napoli"]),
  serieA("parma", "Parma", ["Parma Calcio 1913"]),
  serieA("pisa", "Pisa", ["AC Pisa 1909"]),
  serieA("roma", "Roma", ["AS Roma"]),
  serieA("salernitana", "Salernitana", ["US Salernitana 1919"]),
  serieA("sampdoria", "Sampdoria", ["UC Sampdoria"]),
  serieA("sassuolo", "Sassuolo", ["US Sassuolo Calcio"]),
  serieA("spezia", "Spezia", ["Spezia Calcio"]),
  serieA("torino", "Torino", ["Torino FC"]),
  serieA("udinese", "Udinese", ["Udinese Calcio"]),
  serieA("venezia", "Venezia", ["Venezia FC"]),
  // Champions League 2024-25, clubs from outside the four leagues above
  ucl("benfica", "Benfica", ["Sport Lisboa e Benfica"], "POR"),
  ucl("brest", "Stade Brestois", ["Stade Brestois 29"], "FRA"),
  ucl("celtic", "Celtic", ["Celtic FC"], "SCO"),
  ucl("club-brugge", "Club Brugge", ["Club Brugge KV"], "BEL"),
  ucl("dinamo-zagreb", "Dinamo Zagreb", ["GNK Dinamo Zagreb"], "CRO"),
  ucl("feyenoord", "Feyenoord", ["Feyenoord Rotterdam"], "NED"),
  ucl("lille", "Lille", ["Lille OSC"], "FRA"),
  ucl("monaco", "AS Monaco", ["AS Monaco FC"], "MCO"),
  ucl("paris-saint-germain", "Paris Saint-Germain", ["Paris Saint-Germain FC"], "FRA"),
  ucl("psv-eindhoven", "PSV Eindhoven", ["PSV"], "NED"),
  ucl("red-bull-salzburg", "Red Bull Salzburg", ["FC Red Bull Salzburg"], "AUT"),
  ucl("red-star-belgrade", "Red Star Belgrade", ["FK Crvena Zvezda"], "SRB"),
  ucl("shakhtar-donetsk", "Shakhtar Donetsk", ["FK Shakhtar Donetsk"], "UKR"),
  ucl("slovan-bratislava", "Slovan Bratislava", ["ŠK Slovan Bratislava"], "SVK"),
  ucl("sparta-prague", "Sparta Prague", ["AC Sparta Praha"], "CZE"),
  ucl("sporting-cp", "Sporting CP", ["Sporting Clube de Portugal"], "POR"),
  ucl("sturm-graz", "Sturm Graz", ["SK Sturm Graz"], "AUT"),
  ucl("young-boys", "Young Boys", ["BSC Young Boys"], "SUI"),
  // MLS 2025
  mls("atlanta-united", "Atlanta United", ["Atlanta United FC"], "Eastern"),
  mls("charlotte-fc", "Charlotte FC", [], "Eastern"),
  mls("chicago-fire", "Chicago Fire FC", ["Chicago Fire"], "Eastern"),
  mls("cf-montreal", "CF Montréal", [], "Eastern", "CAN"),
  mls("columbus-crew", "Columbus Crew", [], "Eastern"),
  mls("dc-united", "D.C. United", [], "Eastern"),
  mls("fc-cincinnati", "FC Cincinnati", [], "Eastern"),
  mls("inter-miami", "Inter Miami CF", [], "Eastern"),
  mls("nashville-sc", "Nashville SC", [], "Eastern"),
  mls("new-england-revolution", "New England Revolution", [], "Eastern"),
  mls("new-york-city-fc", "New York City FC", [], "Eastern"),
  mls("new-york-red-bulls", "New York Red Bulls", ["New York RB"], "Eastern"),
  mls("orlando-city", "Orlando City SC", ["Orlando City"], "Eastern"),
  mls("philadelphia-union", "Philadelphia Union", [], "Eastern"),
  mls("toronto-fc", "Toronto FC", [], "Eastern", "CAN"),
  mls("austin-fc", "Austin FC", [], "Western"),
  mls("colorado-rapids", "Colorado Rapids", [], "Western"),
  mls("fc-dallas", "FC Dallas", [], "Western"),
  mls("houston-dynamo", "Houston Dynamo FC", ["Houston Dynamo"], "Western"),
  mls("la-galaxy", "LA Galaxy", ["Los Angeles Galaxy"], "Western"),
  mls("lafc", "Los Angeles FC", [], "Western"),
  mls("minnesota-united", "Minnesota United FC", [], "Western"),
  mls("portland-timbers", "Portland Timbers", [], "Western"),
  mls("real-salt-lake", "Real Salt Lake", [], "Western"),
  mls("san-diego-fc", "San Diego FC", [], "Western"),
  mls("san-jose-earthquakes", "San Jose Earthquakes", [], "Western"),
  mls("seattle-sounders", "Seattle Sounders FC", ["Seattle Sounders"], "Western"),
  mls("sporting-kansas-city", "Sporting Kansas City", [], "Western"),
  mls("st-louis-city", "St. Louis City SC", [], "Western"),
  mls("vancouver-whitecaps", "Vancouver Whitecaps FC", ["Vancouver Whitecaps"], "Western", "CAN")
]

/** Lower-cased display names and aliases to their entry. */
const byName: ReadonlyMap<string, SoccerTeamEntry> = new Map(
  soccerTeams.flatMap((t) => [t.name, ...t.aliases].map((n) => [n.toLowerCase(), t] as const))
)

/**
 * The directory entry a source name stands for: an exact match of the display name or an alias,
 * ignoring case and surrounding spaces; undefined for a name the directory does not list (never
 * a guess from a partial match).
 */
export const soccerTeamByName = (name: string): SoccerTeamEntry | undefined => byName.get(name.trim().toLowerCase())
