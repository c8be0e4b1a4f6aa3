// Moved to engine/memory/view.h in lineup 0.6.0 (engine/view.h is this forwarding header, removed
// in 0.7.0): include the new path.
#pragma once

#include "engine/memory/view.h"
