#include "lineup/corpus/counterexample.h"

#include <nlohmann/json.hpp>

#include "lineup/hunt/case_json.h"

namespace lineup::corpus {

using nlohmann::json;

hunt::HuntOptions Counterexample::replay_options() const {
  hunt::HuntOptions o;
  o.replay = replay;
  o.seed = seed;
  o.sealed = sealed;
  return o;
}

Counterexample to_counterexample(const specs::Target& target, const hunt::Violation& v,
                                 const hunt::HuntOptions& options) {
  Counterexample c;
  static_cast<hunt::FailingCase&>(c) = v;
  c.structure = target.name;
  c.lineup_version = LINEUP_VERSION;
  c.seed = options.seed;
  c.replay = options.replay;
  c.client = options.client;
  // A hunt that switched to a thread pointer per logical thread found it in that mode.
  if (v.thread_pointer_per_thread && !target.thread_pointer_per_thread) {
    c.replay.thread_pointer_per_thread = true;
  }
  return c;
}

hunt::Violation to_violation(const Counterexample& c) {
  hunt::Violation v;
  static_cast<hunt::FailingCase&>(v) = c;
  return v;
}

int format_for(const hunt::ReplaySettings& settings) { return settings.rc11_seq_cst ? 4 : 3; }

std::string to_json(const Counterexample& c, const specs::Model& model) {
  json j = hunt::failing_case_json(c, model);
  j["format"] = "lineup-counterexample";
  j["format_version"] = format_for(c.replay);
  j["lineup_version"] = c.lineup_version;
  j["structure"] = c.structure;
  j["seed"] = c.seed;
  hunt::write_replay_settings(c.replay, j);
  if (c.client) j["client"] = generator::to_string(*c.client, model);
  if (c.original_program) {
    j["original"] = {{"program", hunt::program_json(model, *c.original_program)},
                     {"schedule", c.original_schedule ? c.original_schedule->to_token() : ""}};
  }
  return j.dump(2) + "\n";
}

namespace {

// The "original" object: the case before shrinking.
void read_original(const json& j, const specs::Model& model, Counterexample& c) {
  const json& o = j.at("original");
  if (!o.is_object()) hunt::bad_field("original", "is not an object");
  c.original_program = hunt::parse_program(
      model, hunt::need_field(o, "program", "original.program"), "original.program");
  c.original_schedule = hunt::parse_schedule(
      hunt::read_value<std::string>(hunt::need_field(o, "schedule", "original.schedule"),
                                    "original.schedule"),
      "original.schedule");
}

// The "client" field: a client of `model` of which the case's program is one.
generator::Client read_client(const json& j, const specs::Model& model,
                              const specs::TestProgram& program) {
  const std::string text = hunt::get_field<std::string>(j, "client");
  generator::Client client;
  try {
    client = generator::parse_client(model, text, hunt::client_limits());
  } catch (const generator::ClientError& e) {
    hunt::bad_field("client", "'" + text + "' " + e.what());
  }
  if (!client.has_program(model, program)) {
    hunt::bad_field("client", "the program is not one of the client's '" + text + "'");
  }
  return client;
}

Counterexample read_counterexample(const json& j) {
  if (!j.is_object()) throw CounterexampleError("not a JSON object");
  if (hunt::get_field<std::string>(j, "format") != "lineup-counterexample") {
    hunt::bad_field("format", "is not \"lineup-counterexample\"");
  }
  int version = hunt::get_field<int>(j, "format_version");
  if (version < kOldestCounterexampleFormat || version > kCounterexampleFormat) {
    hunt::bad_field("format_version", std::to_string(version) +
                                          " is not supported (this lineup reads " +
                                          std::to_string(kOldestCounterexampleFormat) + " to " +
                                          std::to_string(kCounterexampleFormat) + ")");
  }
  Counterexample c;
  c.structure = hunt::get_field<std::string>(j, "structure");
  const specs::Target* target = specs::find_target(c.structure);
  if (target == nullptr) {
    hunt::bad_field("structure", "'" + c.structure + "' is not registered here");
  }
  const specs::Model& model = *target->model;
  c.lineup_version = hunt::get_field<std::string>(j, "lineup_version");
  static_cast<hunt::FailingCase&>(c) = hunt::parse_failing_case(j, model);
  c.seed = hunt::get_field<uint64_t>(j, "seed");
  c.replay = hunt::read_replay_settings(j, version);
  if (j.contains("original")) read_original(j, model, c);
  if (j.contains("client")) c.client = read_client(j, model, c.program);
  return c;
}

}  // namespace

Counterexample from_json(const std::string& text) {
  json j = hunt::parse_json(text);
  try {
    return read_counterexample(j);
  } catch (const json::exception& e) {
    // The readers check each value before they take it; this is a last guard.
    throw CounterexampleError(std::string("cannot be read (") + e.what() + ")");
  }
}

}  // namespace lineup::corpus
