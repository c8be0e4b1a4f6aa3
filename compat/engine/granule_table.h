// Moved to engine/memory/granule_table.h in lineup 0.6.0 (engine/granule_table.h is this forwarding
// header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/memory/granule_table.h"
