#include "lineup/corpus/html_report.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/diagnostics/symbolizer.h"
#include "engine/strategy/replay.h"
#include "engine/trace_printer.h"
#include "lineup/hunt/search.h"

namespace lineup::corpus {
namespace {

using nlohmann::json;

// format_step's columns without the leading step index and thread and the trailing location,
// spaces collapsed.
std::string step_text(const engine::Transition& t, size_t index, const engine::Engine& engine,
                      const std::string& where) {
  std::string line = engine::format_step(t, index, engine);
  if (line.ends_with(where)) line.resize(line.size() - where.size());
  std::istringstream words(line);
  std::string word, out;
  for (int n = 0; words >> word; ++n) {
    if (n >= 2) out += (out.empty() ? "" : " ") + word;
  }
  return out;
}

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
document.getElementById('title').textContent = d.kind + ' in ' + d.structure;
document.getElementById('program').textContent = 'Program: ' + d.program;
document.getElementById('meta').textContent = 'Schedule ' + d.schedule + ' \u00b7 ' +
    d.preemptions + ' preemption(s) in ' + (d.signature.join(', ') || '(none)');
document.getElementById('why').textContent = d.why;
const table = document.getElementById('timeline');
const head = table.insertRow();
head.appendChild(document.createElement('th')).textContent = 'step';
for (let t = 0; t < d.threads; ++t) head.appendChild(document.createElement('th')).textContent = 'T' + t;
const callAt = {};
d.calls.forEach((c, i) => { for (let s = c.first; s < c.end; ++s) callAt[c.thread + ':' + s] = i; });
d.steps.forEach((s, i) => {
  const row = table.insertRow();
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
    const where = cell.appendChild(document.createElement('div'));
    where.className = 'where'; where.textContent = s.where;
  }
});
</script></body></html>
)HTML";

std::string escape_script(std::string s) {
  // Inside <script>, only "</" can end the element early.
  for (size_t at = 0; (at = s.find("</", at)) != std::string::npos; at += 3)
    s.replace(at, 2, "<\\/");
  return s;
}

}  // namespace

std::string html_report(const Counterexample& c) {
  const specs::Target* target = specs::find_target(c.structure);
  if (target == nullptr) throw CounterexampleError("field 'structure': not registered");
  hunt::HuntOptions options = c.replay_options();
  auto engine = hunt::make_engine(*target, options, static_cast<int>(c.program.threads.size()));
  std::optional<hunt::Violation> verdict =
      hunt::replay_schedule(*engine, *target, c.program, c.schedule, options);
  std::vector<int> results(c.program.results_size(), 0);
  engine::Program p = target->instantiate(c.program, &results);
  engine::ReplayStrategy replay(c.schedule);
  const engine::ExecutionResult& r = engine->run(p, replay);
  const specs::Model& model = *target->model;
  json d = {{"structure", c.structure},
            {"kind", verdict ? to_string(verdict->kind) : "no violation (fixed?)"},
            {"program", c.program.describe(model)},
            {"schedule", c.schedule.to_token()},
            {"preemptions", c.preemptions},
            {"signature", c.signature},
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
  for (size_t i = 0; i < r.trace.steps.size(); ++i) {
    const engine::Transition& t = r.trace.steps[i];
    std::string where = engine::symbolizer().describe(t.pc);
    d["steps"].push_back(
        {{"thread", t.thread}, {"text", step_text(t, i, *engine, where)}, {"where", where}});
  }
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
