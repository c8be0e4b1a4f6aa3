// Moved to engine/threads/fibers.h in lineup 0.6.0 (engine/fibers.h is this forwarding header,
// removed in 0.7.0): include the new path.
#pragma once

#include "engine/threads/fibers.h"
