/* global uPlot, window, document */
// The dashboard's one script (served as a file: the Content-Security-Policy allows no inline
// script). It draws each <figure class="chart"> from the JSON in its data-chart attribute with
// uPlot (bundled, served by the dashboard). The same numbers are in the table beside each chart,
// so the page is complete without this script.
"use strict"
;(function() {
  var palette = ["#0a53c4", "#a8231b", "#1b6b2f"]
  function draw(figure) {
    var spec = JSON.parse(figure.getAttribute("data-chart"))
    var box = figure.querySelector(".plot")
    if (!box || typeof uPlot === "undefined") return
    var width = function() {
      return Math.max(280, box.clientWidth || 600)
    }
    var series = [{ label: spec.xLabel }]
    spec.series.forEach(function(s, i) {
      series.push({
        label: s.label,
        stroke: palette[i % palette.length],
        width: 2,
        fill: spec.kind === "bars" ? "rgba(10,83,196,0.25)" : undefined,
        paths: spec.kind === "bars" ? uPlot.paths.bars({ size: [0.8, 40] }) : undefined,
        points: { show: spec.kind !== "bars" }
      })
    })
    // bars: half a step of room on each side, so the first and last bars are whole
    var step = spec.x.length > 1 ? spec.x[1] - spec.x[0] : 1
    var xRange = spec.kind === "bars"
      ? [spec.x[0] - step / 2, spec.x[spec.x.length - 1] + step / 2]
      : spec.kind === "calibration"
      ? [0, 1]
      : null
    var opts = {
      width: width(),
      // times are UTC, as in the tables
      tzDate: function(ts) {
        return uPlot.tzDate(new Date(ts * 1000), "Etc/UTC")
      },
      height: 240,
      series: series,
      scales: {
        x: xRange
          ? {
            time: spec.time === true,
            range: function() {
              return xRange
            }
          }
          : { time: spec.time === true },
        y: spec.yRange ? { range: spec.yRange } : {}
      },
      axes: [{ label: spec.xLabel, stroke: "#1a1a1a" }, { label: spec.yLabel, stroke: "#1a1a1a" }],
      legend: { show: true }
    }
    var data = [spec.x].concat(spec.series.map(function(s) {
      return s.values
    }))
    var plot = new uPlot(opts, data, box)
    window.addEventListener("resize", function() {
      plot.setSize({ width: width(), height: 240 })
    })
  }
  function start() {
    var figures = document.querySelectorAll("figure.chart[data-chart]")
    for (var i = 0; i < figures.length; i++) draw(figures[i])
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start)
  else start()
})()
