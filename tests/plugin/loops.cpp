// Loops the retry-loop plugin (plugin/retry_loops.cpp) must mark, and loops it must not, each
// with the verdict its report gives for the line the report names (check_report.cmake
// compares them): a loop whose rounds carry state is never marked.
#include <atomic>

struct Node {
  int value;
  Node* next;
};

std::atomic<Node*> head;
std::atomic<int> flag;
std::atomic<int> counter;
std::atomic<int> sequence;
std::atomic<int> cells[2];
int plain_shared;

[[gnu::noinline]] void pause_a_while() { asm volatile("" ::: "memory"); }

int pop_reloading() {
  for (;;) {
    Node* old = head.load();  // expect: marked
    if (old == nullptr) return -1;
    if (head.compare_exchange_weak(old, old->next)) return old->value;
  }
}

int pop_keeping_expected() {
  Node* old = head.load();
  // The failed compare-exchange writes what it read into `old`: the next round starts there.
  const auto lost = [&] { return !head.compare_exchange_weak(old, old->next); };
  while (old != nullptr && lost()) {  // expect: not marked: changes from round to round
  }
  return old != nullptr ? old->value : -1;
}

int increment_reloading() {
  for (;;) {
    int seen = counter.load();  // expect: marked
    if (counter.compare_exchange_strong(seen, seen + 1)) return seen;
  }
}

void await_flag() {
  while (flag.load() == 0) {  // expect: marked
  }
}

int read_consistently() {
  for (;;) {
    const int before = sequence.load();
    const int a = cells[0].load();
    const int b = cells[1].load();
    if (sequence.load() == before && (before & 1) == 0) return a + b;  // expect: marked
  }
}

int pop_counting_tries() {
  int tries = 0;
  for (;;) {
    Node* old = head.load();  // expect: not marked: the value of 'tries' changes
    if (old == nullptr || tries == 3) return -1;
    if (head.compare_exchange_weak(old, old->next)) return old->value;
    ++tries;
  }
}

int pop_backing_off() {
  int delay = 1;
  for (;;) {
    Node* old = head.load();  // expect: not marked: the value of 'delay' changes
    if (old == nullptr) return -1;
    if (head.compare_exchange_weak(old, old->next)) return old->value;
    for (int i = 0; i < delay; ++i) flag.load();  // expect: not marked: the value of 'i' changes
    delay *= 2;
  }
}

int walk(Node* n) {
  int sum = 0;
  while (n != nullptr) {  // expect: not marked: the value of 'n' changes
    sum += n->value;
    n = n->next;
  }
  return sum;
}

void await_writing_shared() {
  while (flag.load() == 0) {  // expect: not marked: it stores to memory other than its locals
    plain_shared = 1;
  }
}

void await_calling() {
  while (flag.load() == 0) {  // expect: not marked: calls pause_a_while
    pause_a_while();
  }
}
