// Moved to engine/diagnostics/crash_guard.h in lineup 0.6.0 (engine/crash_guard.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/diagnostics/crash_guard.h"
