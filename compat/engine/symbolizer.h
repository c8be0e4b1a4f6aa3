// Moved to engine/diagnostics/symbolizer.h in lineup 0.6.0 (engine/symbolizer.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/diagnostics/symbolizer.h"
