// Moved to engine/threads/library_search.h in lineup 0.6.0 (engine/library_search.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/threads/library_search.h"
