#include "lineup/corpus/html_report.h"

#include <nlohmann/json.hpp>

#include "engine/trace_folding.h"
#include "engine/trace_printer.h"
#include "lineup/corpus/replayed_case.h"

namespace lineup::corpus {
namespace {

using nlohmann::json;

std::string escape_html(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '<')
      out += "&lt;";
    else if (ch == '>')
      out += "&gt;";
    else if (ch == '&')
      out += "&amp;";
    else
      out += ch;
  }
  return out;
}

// The page: data as JSON, rendered by the script (also readable as data by tools).
constexpr const char* kPage = R"HTML(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>lineup: TITLE</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; } code, .step, .where { font-family: ui-monospace, monospace; }
.why { white-space: pre-wrap; background: #fff4f4; border-left: 4px solid #c33; padding: .5em 1em; }
table.timeline { border-collapse: collapse; margin-top: 1em; }
.timeline th { position: sticky; top: 0; background: #eee; padding: .3em 1em; }
.timeline td { vertical-align: top; padding: 1px 6px; border-left: 1px solid #ddd; font-size: 12px; }
.timeline td.n { color: #888; text-align: right; border: none; }
.call { border-left: 4px solid var(--c); background: color-mix(in srgb, var(--c) 12%, white); }
.call-label { font-weight: bold; color: var(--c); }
.where { color: #666; }
.wrong { color: #c33; font-weight: bold; }
.note { font-size: 11px; color: #555; } .note.stale { color: #b35900; font-weight: bold; }
tr.fold td { background: #f4f4f4; color: #555; cursor: pointer; font-style: italic; }
tr.shown td { outline: 2px solid #e0a000; }
</style></head><body>
<h1 id="title"></h1>
<p id="program"></p>
<p id="meta"></p>
<div class="why" id="why"></div>
<table class="timeline" id="timeline"></table>
<script id="data" type="application/json">DATA</script>
<script>
const d = JSON.parse(document.getElementById('data').textContent);
const colors = ['#1f6fb4', '#d0761c', '#2a9a3a', '#8a3fb0', '#b03f6a', '#3f8fb0'];
const plural = (n, one, many) => n + ' ' + (n === 1 ? one : many);
document.getElementById('title').textContent = d.kind + ' in ' + d.structure;
document.getElementById('program').textContent = 'Program: ' + d.program;
let meta = 'Schedule ' + d.schedule + ' \u00b7 ' +
    (d.preemptions === 0 ? 'no preemptions'
                         : plural(d.preemptions, 'preemption', 'preemptions') +
                               (d.signature.length ? ', in ' + d.signature.join(', ') : ''));
if (d.stale_reads > 0) meta += ' \u00b7 ' + plural(d.stale_reads, 'stale read', 'stale reads');
document.getElementById('meta').textContent = meta;
document.getElementById('why').textContent = d.why;
const table = document.getElementById('timeline');
const head = table.insertRow();
head.appendChild(document.createElement('th')).textContent = 'step';
for (let t = 0; t < d.threads; ++t) head.appendChild(document.createElement('th')).textContent = 'T' + t;
const callAt = {};
d.calls.forEach((c, i) => { for (let s = c.first; s < c.end; ++s) callAt[c.thread + ':' + s] = i; });
// A folded loop's hidden rounds: [from, to) and the fold's summary row until expanded.
const folds = d.folds.map(f => ({from: f.first + f.period, to: f.first + f.period * (f.rounds - 1),
                                 text: f.text, row: null}));
function stepRow(i, before) {
  const s = d.steps[i];
  const row = table.insertRow(before ? before.rowIndex : -1);
  row.id = 's' + i;
  const n = row.insertCell(); n.className = 'n'; n.textContent = i;
  for (let t = 0; t < d.threads; ++t) {
    const cell = row.insertCell();
    const c = callAt[t + ':' + i];
    if (c !== undefined) {
      const call = d.calls[c];
      cell.className = 'call'; cell.style.setProperty('--c', colors[t % colors.length]);
      if (call.first === i) {
        const label = cell.appendChild(document.createElement('div'));
        label.className = 'call-label';
        label.textContent = call.name + ' \u2192 ' + call.result;
      }
    }
    if (s.thread !== t) continue;
    const step = cell.appendChild(document.createElement('div'));
    step.className = 'step'; step.textContent = s.text;
    if (s.note !== undefined) note(cell, s);
    const where = cell.appendChild(document.createElement('div'));
    where.className = 'where'; where.textContent = s.where;
  }
  return row;
}
// What the memory model chose at a load: the store it read, as a link to that step (its
// text on hover), and whether newer stores existed.
function note(cell, s) {
  const div = cell.appendChild(document.createElement('div'));
  div.className = s.newer > 0 ? 'note stale' : 'note';
  if (s.source === undefined || s.source < 0) { div.textContent = s.note; return; }
  const label = 'step ' + s.source;
  const at = s.note.indexOf(label);
  div.appendChild(document.createTextNode(s.note.slice(0, at)));
  const link = div.appendChild(document.createElement('a'));
  link.href = '#s' + s.source; link.className = 'source'; link.textContent = label;
  const store = d.steps[s.source];
  link.title = 'T' + store.thread + ' ' + store.text + ' (' + store.where + ')';
  link.onclick = e => { e.preventDefault(); reveal(s.source); };
  div.appendChild(document.createTextNode(s.note.slice(at + label.length)));
}
function expand(f) {
  if (!f.row) return;
  for (let i = f.from; i < f.to; ++i) stepRow(i, f.row);
  f.row.remove(); f.row = null;
}
function reveal(i) {
  folds.forEach(f => { if (i >= f.from && i < f.to) expand(f); });
  const row = document.getElementById('s' + i);
  row.scrollIntoView({block: 'center'});
  row.classList.add('shown'); setTimeout(() => row.classList.remove('shown'), 1500);
}
let fold = 0;
for (let i = 0; i < d.steps.length; ++i) {
  if (fold < folds.length && i === folds[fold].from) {
    const f = folds[fold++];
    f.row = table.insertRow(); f.row.className = 'fold';
    const cell = f.row.insertCell(); cell.colSpan = d.threads + 1;
    cell.textContent = '\u25b6 ' + f.text + ' (click to show every step)';
    cell.onclick = () => expand(f);
    i = f.to - 1;
    continue;
  }
  stepRow(i, null);
}
</script></body></html>
)HTML";

// The loops folded as the text trace folds them (trace_folding.h).
json folds(const engine::Trace& trace) {
  json out = json::array();
  for (const engine::FoldedLoop& loop : engine::loops_to_fold(trace)) {
    out.push_back({{"first", loop.first},
                   {"period", loop.period},
                   {"rounds", loop.rounds},
                   {"text", engine::describe_loop(loop, trace.steps)}});
  }
  return out;
}

std::string escape_script(std::string s) {
  // Inside <script>, only "</" can end the element early.
  for (size_t at = 0; (at = s.find("</", at)) != std::string::npos; at += 3)
    s.replace(at, 2, "<\\/");
  return s;
}

}  // namespace

std::string html_report(const Counterexample& c) {
  ReplayedCase replayed = replay_case(c);
  const std::optional<hunt::Violation>& verdict = replayed.verdict;
  const engine::ExecutionResult& r = *replayed.execution;
  const engine::Engine* engine = replayed.engine.get();
  const std::vector<int>& results = replayed.results;
  const specs::Model& model = *replayed.target->model;
  json d = {{"structure", c.structure},
            {"kind", verdict ? to_string(verdict->kind) : "no violation (fixed?)"},
            {"program", c.program.describe(model)},
            {"schedule", c.schedule.to_token()},
            {"preemptions", verdict ? verdict->preemptions : c.preemptions},
            {"signature", verdict ? verdict->signature : c.signature},
            {"threads", c.program.threads.size()},
            {"steps", json::array()},
            {"calls", json::array()}};
  std::string why;
  if (verdict) {
    // The report's verdict paragraph: from the kind to the schedule line.
    const std::string& report = verdict->report;
    size_t from = report.find(std::string(to_string(verdict->kind)) + ":"),
           to = report.find("\nschedule ");
    if (from != std::string::npos)
      why = report.substr(from, to == std::string::npos ? to : to - from);
  }
  d["why"] = why.empty() ? "The recorded schedule no longer shows a violation." : why;
  std::vector<const engine::WeakNote*> notes(r.trace.steps.size(), nullptr);
  int stale_reads = 0;
  for (const engine::WeakNote& n : r.trace.weak) {
    // An rmw that read a stale store also notes its place: the read is what the page shows.
    if (n.step < notes.size() && notes[n.step] == nullptr) notes[n.step] = &n;
    stale_reads += n.kind == engine::WeakNote::Kind::kRead && n.newer > 0 ? 1 : 0;
  }
  d["stale_reads"] = stale_reads;
  for (size_t i = 0; i < r.trace.steps.size(); ++i) {
    const engine::Transition& t = r.trace.steps[i];
    engine::StepColumns c = engine::step_columns(t, i, *engine);
    json step = {{"thread", t.thread}, {"text", c.text()}, {"where", c.where}};
    if (const engine::WeakNote* n = notes[i]) {
      step["note"] = engine::describe_note(*n);
      step["newer"] = n->newer;
      if (n->kind == engine::WeakNote::Kind::kRead) step["source"] = n->source;
    }
    d["steps"].push_back(std::move(step));
  }
  d["folds"] = folds(r.trace);
  for (const engine::CallSpan& s : r.trace.calls) {
    const specs::Operation& op =
        c.program.threads[static_cast<size_t>(s.thread)][static_cast<size_t>(s.index_in_thread)];
    int result = results[c.program.flat(s.thread, s.index_in_thread)];
    d["calls"].push_back(
        {{"thread", s.thread},
         {"name", model.describe(op)},
         {"result", s.completed ? model.describe_result(op, result) : "(unfinished)"},
         {"first", s.first_step},
         {"end", std::max(s.end_step, s.first_step + 1)}});
  }
  std::string page = kPage;
  page.replace(page.find("TITLE"), 5, escape_html(to_string(c.kind) + (" in " + c.structure)));
  page.replace(page.find("DATA"), 4, escape_script(d.dump()));
  return page;
}

}  // namespace lineup::corpus
