// A urcu_lfht.h table as a declared set of insert, erase and contains.
#pragma once

#include <string>
#include <utility>

#include "adapters/liburcu/lfht/urcu_lfht.h"
#include "specs/structure.h"

namespace lineup::urcu {

/// Registers a thread as an RCU reader when it first uses a table and unregisters it when it
/// ends, through a thread-local object, as C++ users of RCU do. liburcu links each reader's
/// thread-local record into its registry by address, so a table needs a thread pointer per
/// logical thread.
class ReaderRegistration {
 public:
  ReaderRegistration() { urcu_lfht_register_thread(); }
  ReaderRegistration(const ReaderRegistration&) = delete;
  ReaderRegistration& operator=(const ReaderRegistration&) = delete;
  ~ReaderRegistration() { urcu_lfht_unregister_thread(); }

  /// Registers the calling thread unless it already is.
  static void ensure() {
    static thread_local ReaderRegistration registration;
    (void)registration;
  }
};

/// A table whose erase is `erase_key` (urcu_lfht_erase or urcu_lfht_erase_at_once).
template <bool (*erase_key)(urcu_lfht*, int)>
class HashSet {
 public:
  HashSet() : s_(urcu_lfht_new()) {}
  HashSet(const HashSet&) = delete;
  HashSet& operator=(const HashSet&) = delete;
  ~HashSet() { urcu_lfht_free(s_); }

  int insert(int key) {
    ReaderRegistration::ensure();
    return urcu_lfht_insert(s_, key) ? 1 : 0;
  }
  int erase(int key) {
    ReaderRegistration::ensure();
    return erase_key(s_, key) ? 1 : 0;
  }
  int contains(int key) {
    ReaderRegistration::ensure();
    return urcu_lfht_contains(s_, key) ? 1 : 0;
  }

 private:
  urcu_lfht* s_;
};

/// HashSet<erase_key> declared as `name`, with a thread pointer per logical thread.
template <bool (*erase_key)(urcu_lfht*, int)>
specs::Structure<HashSet<erase_key>> declare_lfht(std::string name, std::string what) {
  using S = HashSet<erase_key>;
  return specs::Structure<S>(std::move(name), specs::set_model())
      .describe(std::move(what))
      .origin("liburcu 0.13.2 (Debian source package liburcu)")
      .thread_pointer_per_thread()
      .operation("insert", [](S& s, int v) { return s.insert(v); })
      .operation("erase", [](S& s, int v) { return s.erase(v); })
      .operation("contains", [](S& s, int v) { return s.contains(v); });
}

}  // namespace lineup::urcu
