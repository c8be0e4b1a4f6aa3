// Moved to engine/waiting/virtual_clock.h in lineup 0.6.0 (engine/virtual_clock.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/waiting/virtual_clock.h"
