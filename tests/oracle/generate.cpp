#include "generate.h"

namespace oracle {
namespace {

// An operation outside any critical section, or (in_section) inside one on mutex `lock`:
// condition waits only under mutex 0, the condition variable's.
Op gen_op(int cells, bool in_section, int lock) {
  std::vector<Op::Kind> kinds = {Op::kLoad,      Op::kStore,     Op::kCas,  Op::kFetchAdd,
                                 Op::kNotifyOne, Op::kNotifyAll, Op::kSpin, Op::kSpin};
  if (in_section) {
    kinds.pop_back();  // a spin inside a critical section only waits longer
    kinds.pop_back();
    if (lock == 0) kinds.insert(kinds.end(), {Op::kWait, Op::kWait});
  }
  Op op;
  op.kind = *rc::gen::elementOf(kinds);
  op.cell = *rc::gen::inRange(0, cells);
  op.value = *rc::gen::inRange(1, 3);
  op.expected = *rc::gen::inRange(0, 3);
  op.lock = lock;
  if (op.kind == Op::kFetchAdd) op.value = 1;
  return op;
}

}  // namespace

rc::Gen<Program> gen_program(int max_threads, int max_items) {
  return rc::gen::exec([max_threads, max_items] {
    Program p;
    p.cells = *rc::gen::inRange(1, kMaxCells + 1);
    p.threads.resize(static_cast<size_t>(*rc::gen::inRange(2, max_threads + 1)));
    for (auto& ops : p.threads) {
      int items = *rc::gen::inRange(1, max_items + 1);
      for (int i = 0; i < items; ++i) {
        if (*rc::gen::inRange(0, 3) != 0) {
          ops.push_back(gen_op(p.cells, false, 0));
          continue;
        }
        int lock = *rc::gen::inRange(0, kMutexes);
        Op l;
        l.kind = Op::kLock;
        l.lock = lock;
        ops.push_back(l);
        int inner = *rc::gen::inRange(1, 3);
        for (int k = 0; k < inner; ++k) ops.push_back(gen_op(p.cells, true, lock));
        l.kind = Op::kUnlock;
        ops.push_back(l);
      }
    }
    return p;
  });
}

}  // namespace oracle
