#include "lineup/corpus/sarif.h"

#include <filesystem>

#include "engine/diagnostics/symbolizer.h"
#include "engine/trace_folding.h"
#include "engine/trace_printer.h"
#include "lineup/corpus/replayed_case.h"

namespace lineup::corpus {
namespace {

using nlohmann::json;

// A rule's id: the kind's words joined by '-' ("not-linearizable").
std::string rule_id(hunt::ViolationKind kind) {
  std::string id = to_string(kind);
  for (char& ch : id) ch = ch == ' ' ? '-' : ch;
  return id;
}

// The place of `pc` as a SARIF physicalLocation; null when the debug information says nothing.
json physical_location(uintptr_t pc, const std::filesystem::path& root) {
  engine::SourceFrame f = engine::symbolizer().shown_frame(pc);
  if (f.file.empty() || f.line <= 0) return nullptr;
  std::filesystem::path file = std::filesystem::path(f.file).lexically_normal();
  json artifact;
  std::filesystem::path relative = file.lexically_relative(root);
  if (file.is_absolute() && !relative.empty() && *relative.begin() != "..") {
    artifact = {{"uri", relative.generic_string()}, {"uriBaseId", "SRCROOT"}};
  } else if (file.is_absolute()) {
    artifact = {{"uri", "file://" + file.generic_string()}};
  } else {
    artifact = {{"uri", file.generic_string()}, {"uriBaseId", "SRCROOT"}};
  }
  return {{"artifactLocation", artifact}, {"region", {{"startLine", f.line}}}};
}

// The step a reader should be taken to: where the execution stopped, or for a result no order
// explains, the first preemption (what the root-cause signature names), else the last step.
uintptr_t failing_pc(const engine::ExecutionResult& r, hunt::ViolationKind kind) {
  if (kind == hunt::ViolationKind::kNotLinearizable && !r.preempted_pcs.empty()) {
    return r.preempted_pcs.front();
  }
  return r.trace.steps.empty() ? 0 : r.trace.steps.back().pc;
}

// A step as the text trace prints it, with single spaces.
std::string step_line(const engine::Transition& t, size_t i, const engine::Engine& engine) {
  engine::StepColumns c = engine::step_columns(t, i, engine);
  return std::to_string(i) + " T" + std::to_string(t.thread) + " " + c.text() + " " + c.where;
}

json code_flow(const ReplayedCase& replayed, const std::filesystem::path& root) {
  const engine::Trace& trace = replayed.execution->trace;
  json locations = json::array();
  auto add = [&](uintptr_t pc, const std::string& text) {
    json location = {{"message", {{"text", text}}}};
    if (json place = physical_location(pc, root); !place.is_null()) {
      location["physicalLocation"] = place;
    }
    locations.push_back({{"location", location}, {"executionOrder", locations.size()}});
  };
  engine::walk_folded(
      trace.steps.size(), engine::loops_to_fold(trace),
      [&](size_t i) { add(trace.steps[i].pc, step_line(trace.steps[i], i, *replayed.engine)); },
      [&](const engine::FoldedLoop& loop) {
        add(trace.steps[loop.first].pc, engine::describe_loop(loop, trace.steps));
      });
  return {{"threadFlows", json::array({{{"locations", locations}}})}};
}

json result(const SarifCase& item, const std::filesystem::path& root) {
  const Counterexample& c = item.counterexample;
  ReplayedCase replayed = replay_case(c);
  const specs::Model& model = *replayed.target->model;
  const hunt::ViolationKind kind = replayed.verdict ? replayed.verdict->kind : c.kind;
  std::string text = std::string(to_string(c.kind)) + " in " + c.structure + ": " +
                     c.program.describe(model) + " (" + std::to_string(c.preemptions) +
                     (c.preemptions == 1 ? " preemption" : " preemptions") + ")";
  if (!replayed.verdict) text += "; the recorded schedule no longer shows it";
  json out = {{"ruleId", rule_id(c.kind)},
              {"level", "error"},
              {"message", {{"text", text}}},
              {"codeFlows", json::array({code_flow(replayed, root)})},
              {"properties",
               {{"schedule", c.schedule.to_token()},
                {"signature", c.signature},
                {"corpusFile", item.corpus_file}}}};
  json place = physical_location(failing_pc(*replayed.execution, kind), root);
  out["locations"] = place.is_null() ? json::array() : json::array({{{"physicalLocation", place}}});
  return out;
}

}  // namespace

json sarif_log(const std::vector<SarifCase>& cases, const std::string& source_root) {
  const std::filesystem::path root = std::filesystem::path(source_root).lexically_normal();
  // A rule per kind of violation, in the order of ViolationKind.
  json rules = json::array();
  for (int k = 0; k <= static_cast<int>(hunt::ViolationKind::kUnsupportedCall); ++k) {
    const auto kind = static_cast<hunt::ViolationKind>(k);
    rules.push_back({{"id", rule_id(kind)},
                     {"shortDescription", {{"text", std::string("lineup: ") + to_string(kind)}}},
                     {"defaultConfiguration", {{"level", "error"}}}});
  }
  json results = json::array();
  for (const SarifCase& c : cases) results.push_back(result(c, root));
  json run = {
      {"tool", {{"driver", {{"name", "lineup"}, {"version", LINEUP_VERSION}, {"rules", rules}}}}},
      {"originalUriBaseIds", {{"SRCROOT", {{"uri", "file://" + root.generic_string() + "/"}}}}},
      {"results", results}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", json::array({run})}};
}

}  // namespace lineup::corpus
