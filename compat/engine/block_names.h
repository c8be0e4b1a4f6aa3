// Moved to engine/memory/block_names.h in lineup 0.6.0 (engine/block_names.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/memory/block_names.h"
