// Calls into code built without lineup's instrumentation that a structure's author vouches for:
// a prebuilt library's function whose effects on shared memory lineup need not see (it
// touches only the calling thread's data, or runs only before executions). The pre-hunt check
// (lineup/cli/hidden_access_check.h) refuses every other such call the structure's code
// reaches; a declared one is allowed, and the hunt keeps its bound.
#pragma once

#include <string>
#include <vector>

namespace lineup::specs {

/// One declared call.
struct SeenCall {
  std::string function;  // as lineup prints it, without its parameter list: "cds::gc::hp::smr::tls"
  std::string why;       // why it hides nothing, for docs and `lineup list --calls`
};

/// Declares that calls to `function` hide nothing, for `why`. Declare only what is true of
/// every call the structures make: lineup takes the declaration's word.
void declare_seen_call(std::string function, std::string why);

/// Every declared call, in declaration order.
const std::vector<SeenCall>& declared_seen_calls();

/// Declares a call at program start-up, from any source file of the hunter.
#define LINEUP_SEEN_CALL(function, why) LINEUP_SEEN_CALL_AT_(__COUNTER__, function, why)
#define LINEUP_SEEN_CALL_AT_(n, function, why) LINEUP_SEEN_CALL_AT2_(n, function, why)
#define LINEUP_SEEN_CALL_AT2_(n, function, why)                  \
  [[maybe_unused]] static const bool lineup_seen_call_##n = [] { \
    ::lineup::specs::declare_seen_call(function, why);           \
    return true;                                                 \
  }()

}  // namespace lineup::specs
