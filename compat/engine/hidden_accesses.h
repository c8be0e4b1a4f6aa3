// Moved to engine/diagnostics/hidden_accesses.h in lineup 0.6.0 (engine/hidden_accesses.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/diagnostics/hidden_accesses.h"
