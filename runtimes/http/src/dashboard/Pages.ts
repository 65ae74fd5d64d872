/**
 * The dashboard's pages as HTML (Html.ts escapes every value). Each takes plain values read by
 * Routes.ts from the application services, and returns the `<main>` content. Every chart is a
 * `<figure class="chart">` whose numbers are also in a table beside it (for screen readers and
 * without script); the script draws it with uPlot.
 * @module
 */
import type { ServedCard } from "@sports-data/app"
import type { ApiKey, DeliveryLog, Models, Resources, Webhook } from "@sports-data/domain"
import { Html, html, table, when } from "./Html.js"

/** A chart: its caption, the JSON the script draws, and the same numbers as a table. */
const chart = (
  caption: string,
  spec: {
    readonly kind: "bars" | "line" | "calibration"
    readonly time?: boolean
    readonly x: ReadonlyArray<number>
    readonly xLabel: string
    readonly yLabel: string
    readonly yRange?: readonly [number, number]
    readonly series: ReadonlyArray<{ readonly label: string; readonly values: ReadonlyArray<number | null> }>
  },
  data: Html
): Html =>
  html`<figure class="chart" data-chart="${JSON.stringify(spec)}">
<figcaption>${caption}</figcaption>
<div class="plot" aria-hidden="true"></div>
<details><summary>${caption}: the numbers</summary>${data}</details>
</figure>`

/** The key picker of the per-key pages: a GET form choosing `?key=<prefix>`. */
export const keyPicker = (
  page: string,
  keys: ReadonlyArray<ApiKey.ApiKeyRecord>,
  selected: ApiKey.ApiKeyRecord
): Html =>
  keys.length < 2 ?
    html`<p class="muted">Key <strong>${selected.key_prefix}…</strong> (${selected.tier})</p>` :
    html`<form class="keypick" method="get" action="/dashboard/${page}">
<div><label for="key">Key</label>
<select id="key" name="key">
${
      keys.map((k) =>
        html`<option value="${k.key_prefix}"${
          k.key_hash === selected.key_hash ? new Html(" selected") : ""
        }>${`${k.key_prefix}… · ${k.tier} · ${k.revoked_at !== null ? "revoked" : k.state}`}</option>`
      )
    }
</select></div>
<button type="submit" class="secondary">Show</button>
</form>`

/** `n` with thousands separators; "unlimited" for null. */
const count = (n: number | null): string => (n === null ? "unlimited" : n.toLocaleString("en-US"))

const gauge = (label: string, used: number, limit: number | null, note: string) =>
  html`<div class="gauge panel">
<div id="g-${label.replace(/\W+/g, "-").toLowerCase()}">${label}</div>
<div class="figure">${count(used)} <span class="muted">/ ${count(limit)}</span></div>
${
    limit === null ?
      html`<p class="muted">No limit on this plan.</p>` :
      html`<meter min="0" max="${limit}" low="${Math.round(limit * 0.75)}" high="${
        Math.round(limit * 0.9)
      }" optimum="0" value="${Math.min(used, limit)}" aria-labelledby="g-${
        label.replace(/\W+/g, "-").toLowerCase()
      }">${used} of ${limit}</meter>`
  }
<p class="muted">${note}</p>
</div>`

/** The usage page: gauges, calls per day (30 days) and per minute (last hour), the endpoint breakdown. */
export const usagePage = (input: {
  readonly picker: Html
  readonly stats: Resources.UsageStats
  readonly minuteUsed: number
  readonly days: ReadonlyArray<{ readonly day: string; readonly calls: number }>
  readonly minutes: ReadonlyArray<{ readonly minute: Date; readonly calls: number }>
}): Html => {
  const { days, minutes, stats } = input
  return html`${input.picker}
<h2>Quota and rate limit</h2>
<div class="gauges">
${
    gauge(
      "Calls this month",
      stats.calls_this_month,
      stats.calls_limit_month,
      stats.reset_at === null ? "" : `Resets ${stats.reset_at.slice(0, 10)}.`
    )
  }
${gauge("Calls today", stats.requests_today, stats.daily_limit, "Resets at 00:00 UTC.")}
${gauge("Calls in the last minute", input.minuteUsed, stats.rate_limit_per_min, "Sliding 60-second window.")}
</div>
${
    stats.is_trial
      ? html`<p>Sandbox trial: ${stats.trial_days_remaining ?? 0} days left (ends ${when(stats.trial_ends_at)}).</p>`
      : ""
  }
<h2>Calls</h2>
${
    chart(
      "Calls per day, last 30 days (UTC)",
      {
        kind: "bars",
        time: true,
        x: days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
        xLabel: "Day",
        yLabel: "Calls",
        series: [{ label: "Calls", values: days.map((d) => d.calls) }]
      },
      table(
        "Calls per day",
        ["Day (UTC)", "Calls"],
        days.filter((d) => d.calls > 0).map((d) => [d.day, count(d.calls)]),
        "No calls in the last 30 days."
      )
    )
  }
${
    chart(
      "Calls per minute, last hour",
      {
        kind: "bars",
        time: true,
        x: minutes.map((m) => m.minute.getTime() / 1000),
        xLabel: "Minute",
        yLabel: "Calls",
        series: [{ label: "Calls", values: minutes.map((m) => m.calls) }]
      },
      table(
        "Calls per minute",
        ["Minute (UTC)", "Calls"],
        minutes.filter((m) => m.calls > 0).map((m) => [when(m.minute), count(m.calls)]),
        "No calls in the last hour."
      )
    )
  }
<h2>Endpoints, last 30 days</h2>
${
    table(
      "Calls per endpoint",
      ["Endpoint", "Calls", "Average latency", "Last call"],
      stats.endpoint_breakdown.map((b) => [b.endpoint, count(b.calls), `${b.avg_ms.toFixed(1)} ms`, when(b.last_call)]),
      "No calls recorded yet (calls appear here within a few seconds)."
    )
  }`
}

/** The keys page: every key of the owner with its facts and a revoke link. */
export const keysPage = (keys: ReadonlyArray<ApiKey.ApiKeyRecord>, notice: Html | ""): Html =>
  html`${notice}
<p>The keys of this account. A key itself is shown only once, when it is issued; here you see its prefix.</p>
${
    table(
      "Your keys",
      ["Prefix", "Tier", "State", "Created", "Trial ends", "Last use", ""],
      keys.map((k) => {
        const state = k.revoked_at !== null ? "revoked" : k.state
        return [
          html`<code>${k.key_prefix}…</code>`,
          k.tier,
          html`<span class="state-${state}">${state}</span>`,
          when(k.created_at),
          when(k.trial_ends_at),
          when(k.last_used_at),
          state === "revoked"
            ? ""
            : html`<a href="/dashboard/keys/revoke?key=${k.key_prefix}">Revoke <span class="visually-hidden">${k.key_prefix}…</span></a>`
        ]
      })
    )
  }`

/** The confirmation page of a revocation: what will stop working, and the form that does it. */
export const revokeConfirmPage = (key: ApiKey.ApiKeyRecord, csrf: string): Html =>
  html`<div class="notice error"><p>Revoking <strong>${key.key_prefix}…</strong> (${key.tier}) stops it at once, on every
server; calls with it answer 401 from then on. This cannot be undone.</p></div>
<form method="post" action="/dashboard/keys/revoke">
<input type="hidden" name="_csrf" value="${csrf}">
<input type="hidden" name="key" value="${key.key_prefix}">
<button type="submit" class="danger">Revoke ${key.key_prefix}…</button>
<a href="/dashboard/keys">Cancel</a>
</form>`

const lastAttempt = (d: DeliveryLog) => d.history[d.history.length - 1]

/** One webhook with its deliveries and their replay buttons. */
const webhookSection = (hook: Webhook, deliveries: ReadonlyArray<DeliveryLog>, csrf: string, keyPrefix: string) =>
  html`<h3>${hook.url}</h3>
<p class="muted">${hook.id} · events: ${hook.events.join(", ")} · registered ${
    when(hook.created_at)
  } · failures in a row: ${hook.consecutive_failures}</p>
${
    table(
      `Deliveries to ${hook.url}`,
      ["Event", "Created", "Status", "Attempts", "Response", "Latency", ""],
      deliveries.map((d) => {
        const last = lastAttempt(d)
        return [
          d.event_name,
          when(d.created_at),
          html`<span class="state-${d.state}">${d.state}</span>`,
          d.attempts,
          last === undefined ? "—" : last.status_code ?? last.error ?? "—",
          last === undefined ? "—" : `${last.duration_ms} ms`,
          html`<form method="post" action="/dashboard/webhooks/replay">
<input type="hidden" name="_csrf" value="${csrf}">
<input type="hidden" name="key" value="${keyPrefix}">
<input type="hidden" name="webhook" value="${hook.id}">
<input type="hidden" name="delivery" value="${d.id}">
<button type="submit" class="secondary" aria-label="Replay delivery ${d.id}">Replay</button>
</form>`
        ]
      }),
      "No deliveries yet."
    )
  }`

/** The webhooks page: registration (when the tier allows it), then each active webhook. */
export const webhooksPage = (input: {
  readonly picker: Html
  readonly key: ApiKey.ApiKeyRecord
  readonly hooks: ReadonlyArray<readonly [Webhook, ReadonlyArray<DeliveryLog>]>
  readonly events: ReadonlyArray<string>
  readonly canRegister: boolean
  readonly requiredTier: string
  readonly csrf: string
  readonly notice: Html | ""
}): Html =>
  html`${input.picker}
${input.notice}
<h2>Register a webhook</h2>
${
    input.canRegister ?
      html`<form method="post" action="/dashboard/webhooks">
<input type="hidden" name="_csrf" value="${input.csrf}">
<input type="hidden" name="key" value="${input.key.key_prefix}">
<label for="url">Receiver URL (https)</label>
<input id="url" name="url" type="url" required placeholder="https://example.com/hooks/sports">
<fieldset><legend>Events</legend>
${
        input.events.map((e) =>
          html`<label class="check"><input type="checkbox" name="events" value="${e}" checked> ${e}</label>`
        )
      }
</fieldset>
<p class="muted">A signed test delivery (event <code>webhook.test</code>) is sent at once; the signing secret is shown once.</p>
<button type="submit">Register and send a test delivery</button>
</form>` :
      html`<p>Webhooks need the ${input.requiredTier} tier; this key is ${input.key.tier}.</p>`
  }
<h2>Active webhooks</h2>
${
    input.hooks.length === 0 ?
      html`<p class="empty">No active webhook for this key.</p>` :
      input.hooks.map(([hook, deliveries]) => webhookSection(hook, deliveries, input.csrf, input.key.key_prefix))
  }`

/** The audit trail of one key, newest first. */
export const auditPage = (picker: Html, events: ReadonlyArray<Resources.AuditEventResource>): Html =>
  html`${picker}
${
    table(
      "Audit trail, newest first",
      ["When", "Action", "By", "Details"],
      events.map((e) => [
        when(e.occurred_at),
        e.action,
        e.actor,
        Object.entries(e.details).map(([k, v]) => `${k}: ${String(v)}`).join(", ")
      ]),
      "No events yet."
    )
  }`

const metricValue = (n: number | undefined) => (n === undefined ? "—" : n.toFixed(4))

/** The model cards: each version's metric beside its baseline; a reliability diagram for ACTIVE confidence models. */
export const modelsPage = (
  cards: ReadonlyArray<ServedCard>,
  calibrations: ReadonlyMap<
    string,
    { readonly observations: number; readonly bins: ReadonlyArray<Models.CalibrationBin> }
  >
): Html =>
  html`<p>The newest version of each model. A model serves fields only while it is ACTIVE: it beat its naive baseline on
the held-out window by its pass rule.</p>
${
    cards.map((c) => {
      const r = c.result
      const cal = calibrations.get(c.id)
      const filled = cal?.bins.filter((b) => b.observations > 0) ?? []
      return html`<section class="panel">
<h2>${c.sport} ${c.model_type} <span class="muted">${c.version}</span> · <span class="state-${
        c.status === "ACTIVE" ? "active" : "revoked"
      }">${c.status}</span></h2>
<p>${c.target}</p>
${
        table(`${c.sport} ${c.model_type}: validation`, ["Measure", "Value"], [
          ["Held-out window", c.held_out_window],
          ["Training window", c.training_window],
          [`${c.metric}, model`, metricValue(r?.metric_model)],
          [`${c.metric}, baseline (${c.naive_baseline})`, metricValue(r?.metric_baseline)],
          ["Improvement", r === null ? "—" : `${r.improvement_pct.toFixed(2)} %`],
          ["Calibration error", r?.calibration_error == null ? "—" : r.calibration_error.toFixed(4)],
          [
            "Observations (train / held out)",
            r === null ? "—" : `${r.observations_train} / ${r.observations_held_out}`
          ],
          ["Pass rule", c.pass_rule],
          ["Passed", r === null ? "not trained" : r.passed ? "yes" : "no"]
        ])
      }
${c.note === null ? "" : html`<p class="muted">${c.note}</p>`}
${
        cal === undefined ? "" : cal.observations === 0 ?
          html`<p class="empty">No stored prediction with a known outcome yet.</p>` :
          chart(
            `Calibration of ${c.sport} ${c.model_type} (${cal.observations} stored predictions with an outcome)`,
            {
              kind: "calibration",
              x: filled.map((b) => b.mean_probability!),
              xLabel: "Predicted probability",
              yLabel: "Observed rate",
              yRange: [0, 1],
              series: [
                { label: "Observed rate", values: filled.map((b) => b.observed_rate!) },
                { label: "Perfect calibration", values: filled.map((b) => b.mean_probability!) }
              ]
            },
            table(
              "Calibration bins",
              ["Bin", "Predictions", "Mean predicted", "Observed rate"],
              filled.map((b) => [
                `${b.low.toFixed(1)}–${b.high.toFixed(1)}`,
                b.observations,
                b.mean_probability!.toFixed(3),
                b.observed_rate!.toFixed(3)
              ])
            )
          )
      }
</section>`
    })
  }`

/** Coverage: per sport, seasons, sources with licences and last sync, and what each endpoint answers. */
export const coveragePage = (rows: ReadonlyArray<Resources.CoverageRow>): Html =>
  html`${
    rows.map((r) =>
      html`<section>
<h2>${r.sport}</h2>
<p>Seasons ${r.seasons.length === 0 ? "none" : `${r.seasons[0]}–${r.seasons[r.seasons.length - 1]}`} · games ${
        count(r.games)
      } · players ${count(r.players)} · stat lines ${count(r.stat_lines)}</p>
${
        table(
          `${r.sport} sources`,
          ["Source", "Licence", "Attribution", "Commercial use", "Last sync"],
          r.sources.map((s) => [
            html`${s.id}<br><span class="muted">${s.publisher}: ${s.repository}</span>`,
            s.licence,
            s.attribution_required ? "required" : "not required",
            s.commercial_use === null ? "not stated" : s.commercial_use ? "allowed" : "not allowed",
            s.sync === null ? (s.sync_reason ?? "never") : s.sync.last_synced_at
          ]),
          "No source."
        )
      }
<details><summary>${r.sport}: ${
        r.endpoints.filter((e) => e.available).length
      } of ${r.endpoints.length} endpoints answer</summary>
${
        table(
          `${r.sport} endpoints`,
          ["Endpoint", "Answers", "Seasons", "Note"],
          r.endpoints.map((e) => [
            e.endpoint,
            e.available ? "yes" : "no",
            e.seasons === null ? "all held" : e.seasons.join(", "),
            e.reason ?? ""
          ])
        )
      }
</details>
</section>`
    )
  }`

/** Data status: each sport's state, freshness and ingest progress, and its live feed's health where one is polled. */
export const statusPage = (rows: ReadonlyArray<Resources.DataStatusRow>): Html => {
  const live = rows.flatMap((r) => (r.live === null ? [] : [[r.sport, r.live] as const]))
  return html`${
    table(
      "Data status per sport",
      [
        "Sport",
        "State",
        "Served",
        "Last ingested",
        "Source updated",
        "Last game",
        "Ingest progress",
        "Players",
        "Games"
      ],
      rows.map((r) => [
        r.sport,
        html`<span class="state-${r.state}">${r.state}</span>`,
        r.serving ? "yes" : "no",
        when(r.last_ingested_at),
        when(r.source_updated_at),
        r.last_game_date ?? "—",
        r.ingest === null ?
          "—" :
          `${r.ingest.files_read}/${r.ingest.files_total ?? "?"} files, ${count(r.ingest.rows_read)} rows${
            r.ingest.error === null ? "" : ` (error: ${r.ingest.error})`
          }`,
        count(r.players),
        count(r.games)
      ])
    )
  }
<h2>Live feeds</h2>
${
    table(
      "Live feed health per sport",
      [
        "Sport",
        "Upstream",
        "Health",
        "Failures in a row",
        "Last success",
        "Last poll",
        "Next poll",
        "Last error",
        "Unmatched games"
      ],
      live.map(([sport, f]) => [
        sport,
        f.upstream,
        html`<span class="state-${
          f.status === "ok" ? "ready" : f.status === "idle" ? "idle" : "failed"
        }">${f.status}</span>`,
        f.consecutive_failures,
        when(f.last_success_at),
        when(f.last_polled_at),
        when(f.next_poll_at),
        f.last_error ?? "—",
        f.unmatched.length
      ]),
      "No sport's live feed has been polled yet."
    )
  }`
}

/** The sign-in page: by e-mail link, or by pasting a key. */
export const signInPage = (nonce: string, notice: Html | ""): Html =>
  html`${notice}
<div class="forms">
<form class="panel" method="post" action="/dashboard/sign-in/email">
<h2>E-mail me a sign-in link</h2>
<input type="hidden" name="_csrf" value="${nonce}">
<label for="email">Owner e-mail address of your key</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<p class="muted">The link works once, for 15 minutes.</p>
<button type="submit">Send the link</button>
</form>
<form class="panel" method="post" action="/dashboard/sign-in/key">
<h2>Or sign in with a key</h2>
<input type="hidden" name="_csrf" value="${nonce}">
<label for="key">API key</label>
<input id="key" name="key" type="password" autocomplete="off" spellcheck="false" required>
<p class="muted">Sent once to open a session; it is not kept in the browser.</p>
<button type="submit">Sign in</button>
</form>
</div>`

/** The page an e-mailed link opens: one button that signs in (so a mail scanner's GET does not use the link). */
export const linkPage = (nonce: string, token: string): Html =>
  html`<form method="post" action="/dashboard/sign-in/link">
<input type="hidden" name="_csrf" value="${nonce}">
<input type="hidden" name="token" value="${token}">
<p>Continue to sign in to the dashboard with the link from your e-mail.</p>
<button type="submit">Sign in</button>
</form>`

/** A notice box (`kind`: info, ok, error). */
export const notice = (kind: "info" | "ok" | "error", body: Html | string): Html =>
  html`<div class="notice ${kind === "info" ? "" : kind}" role="${kind === "error" ? "alert" : "status"}">${body}</div>`
