// Moved to engine/memory/static_writes.h in lineup 0.6.0 (engine/static_writes.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/memory/static_writes.h"
