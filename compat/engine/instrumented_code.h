// Moved to engine/diagnostics/instrumented_code.h in lineup 0.6.0 (engine/instrumented_code.h is
// this forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/diagnostics/instrumented_code.h"
