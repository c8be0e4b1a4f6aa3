// Moved to engine/threads/dynamic_linker.h in lineup 0.6.0 (engine/dynamic_linker.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/threads/dynamic_linker.h"
