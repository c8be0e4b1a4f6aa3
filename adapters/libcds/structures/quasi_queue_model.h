// The sequential specification of libcds's SegmentedQueue with quasi factor 2, a relaxed FIFO
// queue (see segmented_queue in queues.cpp and adapters/libcds/README.md).
#pragma once

#include "specs/model.h"

namespace lineup::adapters::cds::registration {

/// FIFO queue relaxed by 2, with push(v) -> 1 and pop() (the operations of queue_model()):
///  - pop() may return either of the two oldest values (removing it);
///  - pop() may return kEmpty whenever fewer than two values are held (so always when none
///    is).
/// pop()'s expected result in reports (apply) is the FIFO one. Exact for a window of two: if
/// both oldest values are equal, removing either leaves the same state, so accepting the first
/// loses no order.
const specs::Model& quasi_queue_model();

}  // namespace lineup::adapters::cds::registration
