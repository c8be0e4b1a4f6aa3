// Moved to engine/waiting/predicate_waits.h in lineup 0.6.0 (engine/predicate_waits.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/waiting/predicate_waits.h"
