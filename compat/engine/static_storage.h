// Moved to engine/threads/static_storage.h in lineup 0.6.0 (engine/static_storage.h is this
// forwarding header, removed in 0.7.0): include the new path.
#pragma once

#include "engine/threads/static_storage.h"
