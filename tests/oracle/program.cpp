#include "program.h"

namespace oracle {

std::string describe(const Program& program) {
  std::string out;
  auto cell = [](const Op& op) { return " c" + std::to_string(op.cell); };
  for (size_t t = 0; t < program.threads.size(); ++t) {
    out += (t ? " | T" : "T") + std::to_string(t) + ":";
    for (const Op& op : program.threads[t]) {
      std::string v = std::to_string(op.value);
      switch (op.kind) {
        case Op::kLoad:
          out += " load" + cell(op);
          break;
        case Op::kStore:
          out += " store" + cell(op) + "=" + v;
          break;
        case Op::kCas:
          out += " cas" + cell(op) + " " + std::to_string(op.expected) + "->" + v;
          break;
        case Op::kFetchAdd:
          out += " add" + cell(op) + "+" + v;
          break;
        case Op::kLock:
          out += " lock m" + std::to_string(op.lock);
          break;
        case Op::kUnlock:
          out += " unlock m" + std::to_string(op.lock);
          break;
        case Op::kWait:
          out += " wait" + cell(op) + "==" + v;
          break;
        case Op::kNotifyOne:
          out += " notify_one";
          break;
        case Op::kNotifyAll:
          out += " notify_all";
          break;
        case Op::kSpin:
          out += " spin" + cell(op) + "==" + v;
          break;
      }
      out += ";";
    }
  }
  return out;
}

}  // namespace oracle
