// Counterexample files: JSON round trip (property), and every damaged file rejected with an
// error naming the field, numbers of the wrong kind or range and oversize schedules included.
#include "lineup/corpus/counterexample.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <climits>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "generator/client.h"
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
  EXPECT_EQ(a.client, b.client);
}

// Every field of ReplaySettings drawn at random. The structured binding names each field, so
// this does not compile once ReplaySettings has a field it does not draw.
rc::Gen<hunt::ReplaySettings> arbitrary_replay_settings() {
  return rc::gen::exec([] {
    hunt::ReplaySettings s;
    auto& [atomics_only, thread_pointer_per_thread, private_stack_steps, latest_rmws, rc11_seq_cst,
           memory_model, report_data_races, race_suppressions, dependency_aware, model_spec] = s;
    atomics_only = *rc::gen::arbitrary<bool>();
    thread_pointer_per_thread = *rc::gen::arbitrary<bool>();
    private_stack_steps = *rc::gen::arbitrary<bool>();
    latest_rmws = *rc::gen::arbitrary<bool>();
    rc11_seq_cst = *rc::gen::arbitrary<bool>();
    memory_model = *rc::gen::element(engine::MemoryModel::kSc, engine::MemoryModel::kC11);
    report_data_races = *rc::gen::arbitrary<bool>();
    race_suppressions = *rc::gen::container<std::vector<std::string>>(
        rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::inRange<char>(' ', '~'))));
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

// A case found with a client keeps the client; files without one read as before; a client
// that is not one, or of which the program is not a program, is named as the field.
TEST(Counterexample, TheClientIsRecordedAndChecked) {
  const specs::Model& model = *target().model;
  Counterexample c = sample(4);
  EXPECT_EQ(to_json(c, model).find("\"client\""), std::string::npos);
  EXPECT_FALSE(from_json(to_json(c, model)).client);
  c.program = specs::TestProgram{{}, {{{0, 2}, {1, 0}}, {{1, 0}}}};
  c.results = {1, 2, specs::kEmpty};
  c.client = generator::parse_client(model, "push pop() | pop()", hunt::client_limits());
  const std::string text = to_json(c, model);
  EXPECT_NE(text.find("\"client\": \"push() pop() | pop()\""), std::string::npos) << text;
  expect_same(c, from_json(text));
  auto error_of = [&](const std::string& client) {
    std::string damaged = text;
    const std::string field = "\"push() pop() | pop()\"";
    damaged.replace(damaged.find(field), field.size(), "\"" + client + "\"");
    try {
      from_json(damaged);
    } catch (const CounterexampleError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(error_of("push(1) pop() | pop()"),
            "field 'client': the program is not one of the client's 'push(1) pop() | pop()'");
  EXPECT_EQ(error_of("push() pop()"),
            "field 'client': the program is not one of the client's 'push() pop()'");
  EXPECT_EQ(error_of("push() pusj() | pop()"),
            "field 'client': 'push() pusj() | pop()' at column 8: unknown operation 'pusj' (the "
            "queue model has push, pop)");
  EXPECT_EQ(error_of("push(2) pop() | pop()"), "accepted");
}

// A format 1 file was recorded with a step at every access to a thread's own stack.
TEST(Counterexample, FormatOneSchedulesHaveStackSteps) {
  Counterexample c = sample(4);
  ASSERT_FALSE(c.replay.private_stack_steps);
  std::string text = to_json(c, *target().model);
  EXPECT_FALSE(from_json(text).replay.private_stack_steps);
  const std::string version = "\"format_version\": 3";
  text.replace(text.find(version), version.size(), "\"format_version\": 1");
  Counterexample old = from_json(text);
  EXPECT_TRUE(old.replay.private_stack_steps);
  EXPECT_TRUE(old.replay_options().replay.private_stack_steps);
  c.replay.private_stack_steps = true;
  EXPECT_TRUE(from_json(to_json(c, *target().model)).replay.private_stack_steps);
}

// Files of format 1 and 2 were recorded with c11 mode's rmws reading the newest store only;
// format 3 ones with every store RC11 allows.
TEST(Counterexample, FormatTwoSchedulesHaveLatestRmws) {
  Counterexample c = sample(4);
  std::string text = to_json(c, *target().model);
  EXPECT_FALSE(from_json(text).replay.latest_rmws);
  const std::string version = "\"format_version\": 3";
  for (const char* older : {"\"format_version\": 2", "\"format_version\": 1"}) {
    std::string old_text = text;
    old_text.replace(old_text.find(version), version.size(), older);
    Counterexample old = from_json(old_text);
    EXPECT_TRUE(old.replay.latest_rmws) << older;
    EXPECT_TRUE(old.replay_options().replay.engine_options(target()).latest_rmws) << older;
    // Written again, the file keeps what its schedule depends on.
    EXPECT_TRUE(from_json(to_json(old, *target().model)).replay.latest_rmws) << older;
  }
}

// A case whose seq_cst accesses were ordered by psc is written as format 4, which a reader of
// format 3 refuses by its version; every other case stays format 3, and a format 3 file that
// names rc11_seq_cst is refused, as no writer of format 3 gave it that meaning.
TEST(Counterexample, Rc11SeqCstCasesAreFormatFour) {
  Counterexample c = sample(4);
  std::string text = to_json(c, *target().model);
  EXPECT_NE(text.find("\"format_version\": 3"), std::string::npos);
  EXPECT_EQ(text.find("rc11_seq_cst"), std::string::npos);
  c.replay.rc11_seq_cst = true;
  text = to_json(c, *target().model);
  const std::string version = "\"format_version\": 4";
  ASSERT_NE(text.find(version), std::string::npos);
  Counterexample back = from_json(text);
  EXPECT_TRUE(back.replay.rc11_seq_cst);
  EXPECT_TRUE(back.replay_options().replay.engine_options(target()).rc11_seq_cst);
  text.replace(text.find(version), version.size(), "\"format_version\": 3");
  try {
    from_json(text);
    ADD_FAILURE() << "a format 3 file with rc11_seq_cst was accepted";
  } catch (const CounterexampleError& e) {
    EXPECT_EQ(std::string(e.what()), "field 'rc11_seq_cst': needs format_version 4");
  }
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
  EXPECT_EQ(error_of("\"format_version\": 3", "\"format_version\": 5"),
            "field 'format_version': 5 is not supported (this lineup reads 1 to 4)");
  EXPECT_EQ(error_of("\"format_version\": 3", "\"format_version\": 0"),
            "field 'format_version': 0 is not supported (this lineup reads 1 to 4)");
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

// The text of `c`'s file with the value at `pointer` (a JSON pointer) written as `raw`, which
// need not be JSON nlohmann can hold (1e999).
std::string with_raw_value(const Counterexample& c, const std::string& pointer,
                           const std::string& raw) {
  nlohmann::json j = nlohmann::json::parse(to_json(c, *target().model));
  j[nlohmann::json::json_pointer(pointer)] = "@@value@@";
  std::string text = j.dump(2);
  text.replace(text.find("\"@@value@@\""), 11, raw);
  return text;
}

// The error reading `text` gives, or "accepted".
std::string error_reading(const std::string& text) {
  try {
    from_json(text);
  } catch (const CounterexampleError& e) {
    return e.what();
  }
  return "accepted";
}

// Every integer field of a file: its JSON pointer, the name errors give it, and whether it is
// unsigned (a seed, an index) or an int.
struct IntegerField {
  std::string pointer, name;
  bool is_unsigned;
};
const std::vector<IntegerField> kIntegerFields = {{"/format_version", "format_version", false},
                                                  {"/preemptions", "preemptions", false},
                                                  {"/seed", "seed", true},
                                                  {"/program_index", "program_index", true},
                                                  {"/results/0", "results[0]", false},
                                                  {"/results/1", "results[1]", false}};

// JSON values that are no integer: fractions, integers written as floats, numbers beyond
// double, booleans, and values of other types.
rc::Gen<std::string> not_an_integer() {
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::pair(rc::gen::inRange(-100000, 100000), rc::gen::inRange(1, 10)),
                   [](std::pair<int, int> p) {
                     return std::to_string(p.first) + "." + std::to_string(p.second);
                   }),
      rc::gen::map(rc::gen::inRange(0, 100), [](int n) { return std::to_string(n) + ".0"; }),
      rc::gen::map(rc::gen::inRange(0, 300), [](int e) { return "1e" + std::to_string(e); }),
      rc::gen::element<std::string>("1e999", "-1e999", "1E400", "true", "false", "null", "\"1\"",
                                    "[]", "[1]", "{}"));
}

RC_GTEST_PROP(Counterexample, AnIntegerFieldHoldingANonIntegerIsRejectedNamingIt, ()) {
  Counterexample c = sample(*rc::gen::inRange<uint64_t>(0, 300));
  const IntegerField field = *rc::gen::elementOf(kIntegerFields);
  RC_PRE(field.pointer != "/results/1" || c.results.size() > 1);
  const std::string value = *not_an_integer();
  const std::string error = error_reading(with_raw_value(c, field.pointer, value));
  RC_ASSERT(error.starts_with("field '" + field.name + "': "));
}

// Each integer field reads back at any value of its type (a count: any that is not negative),
// and is rejected, named, one past either end of its range.
RC_GTEST_PROP(Counterexample, IntegerFieldsReadTheirWholeRangeAndNothingBeyond, ()) {
  Counterexample c = sample(*rc::gen::inRange<uint64_t>(0, 300));
  c.preemptions = *rc::gen::oneOf(rc::gen::inRange(0, INT_MAX), rc::gen::just(INT_MAX));
  c.seed = *rc::gen::arbitrary<uint64_t>();
  c.program_index = *rc::gen::element<uint64_t>(0, UINT64_MAX, *rc::gen::arbitrary<uint64_t>());
  for (int& r : c.results) r = *rc::gen::element(INT_MIN, INT_MAX, *rc::gen::arbitrary<int>());
  const Counterexample back = from_json(to_json(c, *target().model));
  RC_ASSERT(back.preemptions == c.preemptions);
  RC_ASSERT(back.seed == c.seed);
  RC_ASSERT(back.program_index == c.program_index);
  RC_ASSERT(back.results == c.results);
  const IntegerField field = *rc::gen::elementOf(kIntegerFields);
  RC_PRE(field.pointer != "/results/1" || c.results.size() > 1);
  const std::string beyond =
      field.is_unsigned
          ? *rc::gen::element<std::string>("-1", "-9223372036854775808")
          : *rc::gen::element<std::string>("2147483648", "-2147483649", "18446744073709551615");
  const std::string error = error_reading(with_raw_value(c, field.pointer, beyond));
  RC_ASSERT(error.starts_with("field '" + field.name + "': "));
}

TEST(Counterexample, NumbersOfTheWrongKindOrRangeAreRejectedNamingTheField) {
  const Counterexample c = sample(4);
  auto error_with = [&](const std::string& pointer, const std::string& raw) {
    return error_reading(with_raw_value(c, pointer, raw));
  };
  EXPECT_EQ(error_with("/format_version", "1.5"),
            "field 'format_version': is not an integer (1.5)");
  EXPECT_EQ(error_with("/format_version", "2.0"),
            "field 'format_version': is not an integer (2.0)");
  EXPECT_EQ(error_with("/preemptions", "-1"), "field 'preemptions': -1 is negative");
  EXPECT_EQ(error_with("/results/0", "4294967296"),
            "field 'results[0]': 4294967296 is out of range (-2147483648 to 2147483647)");
  EXPECT_EQ(error_with("/results/0", "-2147483649"),
            "field 'results[0]': -2147483649 is out of range (-2147483648 to 2147483647)");
  EXPECT_EQ(error_with("/seed", "-1"),
            "field 'seed': -1 is out of range (0 to 18446744073709551615)");
  EXPECT_EQ(error_with("/seed", "1e999"),
            "field 'seed': not valid JSON (number overflow parsing '1e999')");
  EXPECT_EQ(error_with("/results/0", "-1e999"),
            "field 'results[0]': not valid JSON (number overflow parsing '-1e999')");
  EXPECT_EQ(error_with("/program_index", "true"),
            "field 'program_index': has the wrong type (boolean)");
  EXPECT_EQ(error_with("/preemptions", "false"),
            "field 'preemptions': has the wrong type (boolean)");
  EXPECT_EQ(error_with("/signature/0", "1"), "field 'signature[0]': has the wrong type (number)");
}

TEST(Counterexample, OversizeSchedulesAreRejectedNamingTheField) {
  Counterexample c = sample(5);  // has an original
  ASSERT_TRUE(c.original_schedule.has_value());
  std::string runs;  // a 1 KB token that would expand to 50 million steps
  for (int i = 0; i < 50; ++i) runs += i % 2 ? "b999999" : "a999999";
  EXPECT_EQ(error_reading(with_raw_value(c, "/schedule", "\"s1:" + runs + "\"")),
            "field 'schedule': schedule token too large: more than 1000000 steps");
  std::string weak = "s1:ab/w:";  // memory-model choices in long runs
  for (int i = 0; i < 50; ++i) weak += (i ? "," : "") + std::to_string(i % 2) + "x999999";
  EXPECT_EQ(error_reading(with_raw_value(c, "/original/schedule", "\"" + weak + "\"")),
            "field 'original.schedule': schedule token too large: more than 1000000 memory-model "
            "choices");
}

TEST(Counterexample, FieldsOfTheOriginalCaseAreNamedInFull) {
  const Counterexample c = sample(5);
  EXPECT_EQ(error_reading(with_raw_value(c, "/original/schedule", "7")),
            "field 'original.schedule': has the wrong type (number)");
  EXPECT_EQ(error_reading(with_raw_value(c, "/original/program", "{}")),
            "field 'original.program.init': missing");
  EXPECT_EQ(error_reading(with_raw_value(c, "/original", "[]")),
            "field 'original': is not an object");
}

TEST(Counterexample, CallsParseUnderTheModel) {
  const specs::Model& q = specs::queue_model();
  EXPECT_EQ(hunt::parse_call(q, "push(-3)"), (specs::Operation{0, -3}));
  EXPECT_EQ(hunt::parse_call(q, "pop()"), (specs::Operation{1, 0}));
  EXPECT_THROW(hunt::parse_call(q, "pop(1)"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "push()"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "push(1"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "insert(1)"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "push( 1)"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "push(+1)"), CounterexampleError);
  EXPECT_THROW(hunt::parse_call(q, "push(2147483648)"), CounterexampleError);
}

}  // namespace
}  // namespace lineup::corpus
