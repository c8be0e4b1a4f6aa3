// lineup's checker against the checker oracle (history_verdict.h), which shares no code with
// it. Two RapidCheck properties, 10,000 random cases each:
//   the dependency-aware verdict (checker::ProgramJudge) equals "every equivalent execution
//     passes the classic check",
//     brute-forced, on random recorded queue and stack executions;
//   checker::linearize equals a plain search over permutations, on random calls, results
//     and precedence relations.
// Each prints how many cases passed and failed, so both verdicts are seen to occur.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <iostream>

#include "checker/judge.h"
#include "checker/linearizable.h"
#include "history.h"
#include "history_verdict.h"
#include "specs/model.h"

namespace oracle {
namespace {

namespace le = lineup::engine;
namespace ls = lineup::specs;

constexpr int kCases = 10000;

const ls::Model& model_of(Container c) {
  return c == Container::kQueue ? ls::queue_model() : ls::stack_model();
}

// The recorded execution as the engine would have traced it: steps in the recorded order on
// 4-byte cells, each call's span starting right after its thread's previous call (a thread
// runs from one call into the next without a scheduling point).
le::Trace trace_of(const History& h) {
  le::Trace trace;
  std::vector<size_t> next_step(h.threads.size(), 0);
  std::vector<std::vector<size_t>> positions(h.threads.size());
  std::vector<std::vector<MemStep>> steps(h.threads.size());
  for (size_t t = 0; t < h.threads.size(); ++t) {
    for (const HistoryCall& c : h.threads[t])
      steps[t].insert(steps[t].end(), c.steps.begin(), c.steps.end());
  }
  for (int t : h.order) {
    size_t u = static_cast<size_t>(t);
    const MemStep& s = steps[u][next_step[u]++];
    le::Kind kind = s.kind == MemStep::kWrite ? le::Kind::kWrite
                    : s.kind == MemStep::kRmw ? le::Kind::kRmw
                                              : le::Kind::kRead;
    uint8_t flags = le::kAtomic;
    if (s.kind == MemStep::kFailedCas) flags |= le::kCas | le::kFailed;
    le::Transition tr =
        le::Transition::pending(kind, 0x1000 + 4 * static_cast<uintptr_t>(s.location), 4, 0, flags);
    tr.thread = t;
    positions[u].push_back(trace.steps.size());
    trace.steps.push_back(tr);
  }
  for (size_t t = 0; t < h.threads.size(); ++t) {
    size_t k = 0, gap = 0;
    for (size_t c = 0; c < h.threads[t].size(); ++c) {
      le::CallSpan span;
      span.thread = static_cast<int>(t);
      span.index_in_thread = static_cast<int>(c);
      span.completed = true;
      span.first_step = gap;
      k += h.threads[t][c].steps.size();
      if (!h.threads[t][c].steps.empty()) gap = positions[t][k - 1] + 1;
      span.end_step = gap;
      trace.calls.push_back(span);
    }
  }
  return trace;
}

ls::TestProgram program_of(const History& h) {
  ls::TestProgram p;
  for (const auto& t : h.threads) {
    std::vector<ls::Operation> ops;
    for (const HistoryCall& c : t) ops.push_back({c.op, c.arg});
    p.threads.push_back(ops);
  }
  return p;
}

struct Counts {
  int cases = 0, linearizable = 0, not_linearizable = 0, disagreements = 0;
};

template <class Property>
void run_property(const char* id, uint64_t seed, Property property) {
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = kCases;
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = id;
  const auto result = rc::detail::checkTestable(property, metadata, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream ss;
    rc::detail::printResultMessage(result, ss);
    ADD_FAILURE() << ss.str();
  }
}

void report(const char* what, const Counts& c) {
  std::cout << what << ": " << c.cases << " cases, " << c.linearizable << " linearizable, "
            << c.not_linearizable << " not, " << c.disagreements << " disagreements\n";
}

TEST(CheckerOracle, DependencyAwareVerdictEqualsEveryEquivalentExecutionClassically) {
  Counts counts;
  run_property("oracle/dependency-aware", 11, [&] {
    History h = *gen_history();
    Container container = *rc::gen::element(Container::kQueue, Container::kStack);
    ls::Target target;
    target.name = "oracle";
    target.model = &model_of(container);
    ls::TestProgram program = program_of(h);
    std::vector<int> results;
    for (const HistoryCall& c : flat_calls(h)) results.push_back(c.result);
    lineup::checker::ProgramJudge judge(target, program, nullptr, /*dependency_aware=*/true);
    bool lineup_says = judge.judge(results, trace_of(h)).ok;
    bool oracle_says = every_equivalent_linearizable(container, h);
    ++counts.cases;
    ++(oracle_says ? counts.linearizable : counts.not_linearizable);
    if (lineup_says != oracle_says) ++counts.disagreements;
    RC_ASSERT(lineup_says == oracle_says);
  });
  report("dependency-aware", counts);
  EXPECT_EQ(counts.disagreements, 0);
  EXPECT_GT(counts.linearizable, kCases / 10);
  EXPECT_GT(counts.not_linearizable, kCases / 10);
}

TEST(CheckerOracle, LinearizeEqualsPermutationSearch) {
  Counts counts;
  run_property("oracle/linearize", 12, [&] {
    History h = *gen_history();  // only its calls and results are used
    Container container = *rc::gen::element(Container::kQueue, Container::kStack);
    std::vector<HistoryCall> calls = flat_calls(h);
    // A random acyclic relation: edges only forward along a random permutation.
    std::vector<int> rank(calls.size());
    for (size_t i = 0; i < rank.size(); ++i) rank[i] = static_cast<int>(i);
    for (size_t i = rank.size(); i > 1; --i) {
      std::swap(rank[i - 1],
                rank[static_cast<size_t>(*rc::gen::inRange<int>(0, static_cast<int>(i)))]);
    }
    Before before(calls.size(), 0);
    for (size_t x = 0; x < calls.size(); ++x) {
      for (size_t y = 0; y < calls.size(); ++y) {
        if (rank[x] < rank[y] && *rc::gen::inRange(0, 3) == 0) before[y] |= uint64_t{1} << x;
      }
    }
    std::vector<lineup::checker::CallRecord> records;
    for (const HistoryCall& c : calls) records.push_back({0, {c.op, c.arg}, c.result});
    auto witness = lineup::checker::linearize(model_of(container), records, before);
    bool oracle_says = classic_linearizable(container, calls, before);
    ++counts.cases;
    ++(oracle_says ? counts.linearizable : counts.not_linearizable);
    if (witness.has_value() != oracle_says) ++counts.disagreements;
    RC_ASSERT(witness.has_value() == oracle_says);
    if (witness) {
      // The witness itself is a legal order keeping the relation.
      std::vector<HistoryCall> ordered;
      Before kept(calls.size(), 0);
      for (size_t i = 0; i < witness->size(); ++i) {
        ordered.push_back(calls[static_cast<size_t>((*witness)[i])]);
        for (size_t j = 0; j < i; ++j) kept[i] |= uint64_t{1} << j;
      }
      RC_ASSERT(classic_linearizable(container, ordered, kept));
      uint64_t done = 0;
      for (int c : *witness) {
        RC_ASSERT((before[static_cast<size_t>(c)] & ~done) == 0u);
        done |= uint64_t{1} << c;
      }
    }
  });
  report("linearize", counts);
  EXPECT_EQ(counts.disagreements, 0);
  EXPECT_GT(counts.linearizable, kCases / 10);
  EXPECT_GT(counts.not_linearizable, kCases / 10);
}

}  // namespace
}  // namespace oracle
