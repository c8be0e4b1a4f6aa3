// Moved to engine/waiting/watchdog.h in lineup 0.6.0 (engine/watchdog.h is this forwarding header,
// removed in 0.7.0): include the new path.
#pragma once

#include "engine/waiting/watchdog.h"
