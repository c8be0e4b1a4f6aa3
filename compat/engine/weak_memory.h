// Moved to engine/memory/weak_memory.h in lineup 0.6.0 (engine/weak_memory.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/memory/weak_memory.h"
