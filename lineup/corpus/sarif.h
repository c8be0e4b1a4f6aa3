// A hunt's findings as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format),
// the format code hosts and CI tools read to show a finding on the line it is about: one
// result per counterexample, located at the step where the execution failed, with the
// execution as a code flow (one location per step, a long loop folded as the text trace folds
// it).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lineup/corpus/counterexample.h"

namespace lineup::corpus {

/// One counterexample of a SARIF log and the corpus file that holds it ("" when none does).
struct SarifCase {
  Counterexample counterexample;
  std::string corpus_file;
};

/// The SARIF log of `cases` (each replayed for its trace). Source files under `source_root`
/// (an absolute folder, normally the working folder) are given relative to it, with uriBaseId
/// "SRCROOT", as code hosts resolve them against the repository; others as absolute file URIs.
/// Throws CounterexampleError when a case's structure is not registered.
nlohmann::json sarif_log(const std::vector<SarifCase>& cases, const std::string& source_root);

}  // namespace lineup::corpus
