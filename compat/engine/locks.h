// Moved to engine/waiting/locks.h in lineup 0.6.0 (engine/locks.h is this forwarding header,
// removed in 0.7.0): include the new path.
#pragma once

#include "engine/waiting/locks.h"
