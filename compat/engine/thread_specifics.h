// Moved to engine/threads/thread_specifics.h in lineup 0.6.0 (engine/thread_specifics.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/threads/thread_specifics.h"
