/**
 * HTML for the dashboard: a tagged template that escapes every interpolated value (only
 * {@link Html} values, built by this template, pass through as markup), and the page layout.
 * Pages carry no inline script or style: one stylesheet and one script file, served by the
 * dashboard itself (Assets.ts), under a Content-Security-Policy that allows nothing else.
 * @module
 */
import { Keys } from "@sports-data/app"

/** Markup built by {@link html}: safe to place as is. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup
  }
}

type Value = Html | string | number | boolean | null | undefined | ReadonlyArray<Value>

const render = (value: Value): string =>
  value instanceof Html ?
    value.markup :
    Array.isArray(value) ?
    value.map(render).join("") :
    value === null || value === undefined || value === false ?
    "" :
    Keys.escapeHtml(String(value))

/** `html\`<p>${text}</p>\``: the template with every value escaped (arrays joined, null/undefined/false empty). */
export const html = (strings: TemplateStringsArray, ...values: ReadonlyArray<Value>): Html =>
  new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ""), ""))

/** The pages of the signed-in dashboard, in navigation order: path under /dashboard and title. */
export const NAV: ReadonlyArray<readonly [path: string, title: string]> = [
  ["usage", "Usage"],
  ["keys", "Keys"],
  ["webhooks", "Webhooks"],
  ["audit", "Audit trail"],
  ["models", "Model cards"],
  ["coverage", "Coverage"],
  ["status", "Data status"]
]

/** What the layout needs of the signed-in session (absent on the sign-in pages). */
export interface Chrome {
  /** The current page's path under /dashboard (one of {@link NAV}). */
  readonly current: string
  /** The CSRF token of the session (the sign-out form carries it). */
  readonly csrf: string
  /** Who is signed in, as shown: an owner address or a key prefix. */
  readonly who: string
}

/** A whole page: head (the stylesheet, the script deferred), skip link, navigation, main content. */
export const layout = (title: string, body: Html, chrome?: Chrome): string =>
  `<!doctype html>\n` + html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="same-origin">
<link rel="icon" href="data:,">
<title>${title} · Sports Data dashboard</title>
<link rel="stylesheet" href="/dashboard/assets/uplot.css">
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<script src="/dashboard/assets/uplot.js" defer></script>
<script src="/dashboard/assets/dashboard.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<span class="brand">Sports Data</span>
${
    chrome === undefined ? "" : html`<nav aria-label="Dashboard">
<ul>
${
      NAV.map(([path, name]) =>
        html`<li><a href="/dashboard/${path}"${
          path === chrome.current ? new Html(` aria-current="page"`) : ""
        }>${name}</a></li>\n`
      )
    }</ul>
</nav>
<form class="signout" method="post" action="/dashboard/sign-out">
<input type="hidden" name="_csrf" value="${chrome.csrf}">
<span class="who">${chrome.who}</span>
<button type="submit">Sign out</button>
</form>`
  }
</header>
<main id="main" tabindex="-1">
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.markup

/** A table in a scrolling region that the keyboard can reach; `caption` names it. */
export const table = (
  caption: string,
  head: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<Value>>,
  empty = "Nothing yet."
): Html =>
  rows.length === 0 ?
    html`<p class="empty">${empty}</p>` :
    html`<div class="scroll" role="region" aria-label="${caption}" tabindex="0">
<table>
<caption>${caption}</caption>
<thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>
${rows.map((r) => html`<tr>${r.map((c) => html`<td>${c}</td>`)}</tr>\n`)}</tbody>
</table>
</div>`

/** An ISO instant as `YYYY-MM-DD HH:MM UTC`, in a `<time>` element; an em dash for null. */
export const when = (d: Date | string | null): Html => {
  if (d === null) return html`—`
  const iso = typeof d === "string" ? d : d.toISOString()
  return html`<time datetime="${iso}">${iso.replace("T", " ").slice(0, 16)} UTC</time>`
}
