// Moved to engine/memory/memory_model.h in lineup 0.6.0 (engine/memory_model.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/memory/memory_model.h"
