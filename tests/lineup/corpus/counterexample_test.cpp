// Counterexample files: JSON round trip (property), and every damaged file rejected with an
// error naming the field.
#include "lineup/corpus/counterexample.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "generator/programs.h"

namespace lineup::corpus {
namespace {

const specs::Target& target() { return *specs::find_target("seeded/publish-before-write"); }

Counterexample sample(uint64_t i) {
  Counterexample c;
  c.structure = target().name;
  generator::Shape shape{1 + static_cast<int>(i % 3), 1 + static_cast<int>(i % 4),
                         static_cast<int>(i % 3)};
  c.program = generator::sample(generator::test_programs(target(), shape), 7, i);
  for (size_t k = 0; k < 3 + i % 40; ++k) {
    c.schedule.choices.push_back(static_cast<int>((k * 7 + i) % c.program.threads.size()));
  }
  for (size_t k = 0; k < c.program.results_size(); ++k) {
    c.results.push_back(static_cast<int>(k * i % 5) - 1);
  }
  c.kind = i % 2 ? lineup::hunt::ViolationKind::kNotLinearizable
                 : lineup::hunt::ViolationKind::kUseAfterFree;
  c.signature = {"push", "pop"};
  if (i % 4 == 1) c.sealed = {"pop"};
  c.preemptions = static_cast<int>(i % 3);
  c.lineup_version = "test";
  c.seed = i * 31;
  c.program_index = i;
  c.replay.atomics_only = i % 2;
  c.replay.thread_pointer_per_thread = i % 3 == 1;
  c.replay.private_stack_steps = i % 7 == 3;
  c.replay.report_data_races = i % 4 != 2;
  c.replay.dependency_aware = i % 3 != 0;
  c.replay.model_spec = i % 5 != 0;
  if (i % 2) {
    c.original_program = c.program;
    c.original_schedule = c.schedule;
  }
  return c;
}

void expect_same(const Counterexample& a, const Counterexample& b) {
  EXPECT_EQ(a.structure, b.structure);
  EXPECT_EQ(a.program, b.program);
  EXPECT_EQ(a.schedule, b.schedule);
  EXPECT_EQ(a.results, b.results);
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.signature, b.signature);
  EXPECT_EQ(a.sealed, b.sealed);
  EXPECT_EQ(a.preemptions, b.preemptions);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.program_index, b.program_index);
  EXPECT_EQ(a.replay, b.replay);
  EXPECT_EQ(a.original_program, b.original_program);
  EXPECT_EQ(a.original_schedule, b.original_schedule);
}

// Every field of ReplaySettings drawn at random. The structured binding names each field, so
// this does not compile once ReplaySettings has a field it does not draw.
rc::Gen<hunt::ReplaySettings> arbitrary_replay_settings() {
  return rc::gen::exec([] {
    hunt::ReplaySettings s;
    auto& [atomics_only, thread_pointer_per_thread, private_stack_steps, memory_model,
           report_data_races, dependency_aware, model_spec] = s;
    atomics_only = *rc::gen::arbitrary<bool>();
    thread_pointer_per_thread = *rc::gen::arbitrary<bool>();
    private_stack_steps = *rc::gen::arbitrary<bool>();
    memory_model = *rc::gen::element(engine::MemoryModel::kSc, engine::MemoryModel::kC11);
    report_data_races = *rc::gen::arbitrary<bool>();
    dependency_aware = *rc::gen::arbitrary<bool>();
    model_spec = *rc::gen::arbitrary<bool>();
    return s;
  });
}

// The settings a replay needs survive the file: a field the serializer does not write, or
// does not read, comes back as its default, which half the drawn values are not.
RC_GTEST_PROP(Counterexample, ReplaySettingsSurviveTheFile, ()) {
  Counterexample c = sample(*rc::gen::inRange<uint64_t>(0, 300));
  c.replay = *arbitrary_replay_settings();
  const Counterexample back = from_json(to_json(c, *target().model));
  RC_ASSERT(back.replay == c.replay);
  RC_ASSERT(back.replay_options().replay == c.replay);
}

TEST(Counterexample, JsonRoundTripKeepsEveryField) {
  for (uint64_t i = 0; i < 300; ++i) {
    Counterexample c = sample(i);
    expect_same(c, from_json(to_json(c, *target().model)));
  }
}

// A violation found after the hunt switched to a thread pointer per logical thread keeps that
// mode for its replay; one found with a single thread pointer, or on a structure that declares
// the mode (which a replay gives it anyway), writes nothing.
TEST(Counterexample, TheModeAViolationWasFoundInIsRecorded) {
  hunt::HuntOptions options;
  hunt::Violation v;
  v.program = sample(1).program;
  v.thread_pointer_per_thread = true;
  EXPECT_TRUE(to_counterexample(target(), v, options).replay.thread_pointer_per_thread);
  v.thread_pointer_per_thread = false;
  EXPECT_FALSE(to_counterexample(target(), v, options).replay.thread_pointer_per_thread);
  v.thread_pointer_per_thread = true;
  const specs::Target* declared = specs::find_target("urcu/lfht");
  ASSERT_NE(declared, nullptr);
  ASSERT_TRUE(declared->thread_pointer_per_thread);
  EXPECT_FALSE(to_counterexample(*declared, v, options).replay.thread_pointer_per_thread);
}

// A format 1 file was recorded with a step at every access to a thread's own stack.
TEST(Counterexample, FormatOneSchedulesHaveStackSteps) {
  Counterexample c = sample(4);
  ASSERT_FALSE(c.replay.private_stack_steps);
  std::string text = to_json(c, *target().model);
  EXPECT_FALSE(from_json(text).replay.private_stack_steps);
  const std::string version = "\"format_version\": 2";
  text.replace(text.find(version), version.size(), "\"format_version\": 1");
  Counterexample old = from_json(text);
  EXPECT_TRUE(old.replay.private_stack_steps);
  EXPECT_TRUE(old.replay_options().replay.private_stack_steps);
  c.replay.private_stack_steps = true;
  EXPECT_TRUE(from_json(to_json(c, *target().model)).replay.private_stack_steps);
}

TEST(Counterexample, EveryTruncationIsRejectedWithAReason) {
  std::string text = to_json(sample(5), *target().model);
  for (size_t n = 0; n + 1 < text.size(); ++n) {  // the last character is a newline
    try {
      from_json(text.substr(0, n));
      ADD_FAILURE() << "accepted a file cut after " << n << " characters";
    } catch (const CounterexampleError& e) {
      EXPECT_FALSE(std::string(e.what()).empty());
    }
  }
}

TEST(Counterexample, DamagedFieldsAreNamed) {
  Counterexample c = sample(4);  // dependency check, no original
  std::string text = to_json(c, *target().model);
  auto error_of = [&](const std::string& from, const std::string& to) {
    std::string damaged = text;
    size_t at = damaged.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    damaged.replace(at, from.size(), to);
    try {
      from_json(damaged);
    } catch (const CounterexampleError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(error_of("\"format_version\": 2", "\"format_version\": 3"),
            "field 'format_version': 3 is not supported (this lineup reads 1 to 2)");
  EXPECT_EQ(error_of("\"format_version\": 2", "\"format_version\": 0"),
            "field 'format_version': 0 is not supported (this lineup reads 1 to 2)");
  EXPECT_EQ(error_of("\"schedule\": \"s1:", "\"schedule\": \"x1:"),
            "field 'schedule': malformed schedule token: expected prefix \"s1:\"");
  EXPECT_EQ(
      error_of("\"structure\": \"seeded/publish-before-write\"", "\"structure\": \"no/such\""),
      "field 'structure': 'no/such' is not registered here");
  EXPECT_EQ(error_of("\"seed\": 124", "\"seed\": \"124\""),
            "field 'seed': has the wrong type (string)");
  EXPECT_EQ(error_of("\"preemptions\": 1,", ""), "field 'preemptions': missing");
  EXPECT_EQ(error_of("\"kind\": \"use-after-free\"", "\"kind\": \"slow\""),
            "field 'kind': 'slow' is not a kind of violation");
  EXPECT_EQ(error_of("\"check\": \"dependency\"", "\"check\": \"other\""),
            "field 'check': is not dependency or classic");
  EXPECT_EQ(error_of("\"results\": [", "\"results\": [1,"),
            "field 'results': has " + std::to_string(c.results.size() + 1) + " entries for " +
                std::to_string(c.results.size()) + " calls");
}

TEST(Counterexample, CallsParseUnderTheModel) {
  const specs::Model& q = specs::queue_model();
  EXPECT_EQ(hunt::parse_call(q, "push(-3)"), (specs::Operation{0, -3}));
  EXPECT_EQ(hunt::parse_call(q, "pop()"), (specs::Operation{1, 0}));
  EXPECT_THROW(hunt::parse_call(q, "pop(1)"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "push()"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "push(1"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "insert(1)"), CounterexampleError);
}

}  // namespace
}  // namespace lineup::corpus
