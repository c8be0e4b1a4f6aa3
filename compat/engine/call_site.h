// Moved to engine/diagnostics/call_site.h in lineup 0.6.0 (engine/call_site.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/diagnostics/call_site.h"
