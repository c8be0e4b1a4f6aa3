// Moved to engine/memory/happens_before.h in lineup 0.6.0 (engine/happens_before.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/memory/happens_before.h"
