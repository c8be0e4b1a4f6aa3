// `lineup verify --roles push=3,pop=3 --calls 1`: a client given by how many threads call
// each operation, written as the client text --client reads ("push() | push() | ...").
#pragma once

#include <string>

#include "specs/model.h"

namespace lineup::cli {

/// The client text of `roles` ("OP=N,OP=N,...": N threads calling operation OP, in that order)
/// with `calls` calls per thread, each argument left out (verify fills them with distinct
/// values). "" after setting `error` when `roles` names no operation of `model`, a count that
/// is not a positive integer, or nothing.
std::string roles_client_text(const std::string& roles, int calls, const specs::Model& model,
                              std::string* error);

}  // namespace lineup::cli
