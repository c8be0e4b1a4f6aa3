// Moved to engine/memory/heap.h in lineup 0.6.0 (engine/heap.h is this forwarding header, removed
// in 0.7.0): include the new path.
#pragma once

#include "engine/memory/heap.h"
