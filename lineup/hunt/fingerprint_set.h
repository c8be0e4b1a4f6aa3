// A set of 64-bit class fingerprints in one open-addressing array: a program's search inserts
// one per execution of a class not seen before, up to hundreds of thousands, and a tree node
// per insertion (allocation, cache misses down a deep tree) cost more than the check of the
// execution itself.
// Rehashing a large table at once would stall the search past its budget, so the table grows
// incrementally: a doubled table takes new entries at once, and each insertion moves a few
// slots of the old one across, which is freed when the last has moved. Until then a lookup
// probes both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

namespace lineup::hunt {

class FingerprintSet {
 public:
  /// An empty set with room for `capacity` / 2 fingerprints before it grows (`capacity` a
  /// power of two, at least 2).
  explicit FingerprintSet(size_t capacity = 64) : capacity_(capacity), slots_(allocate(capacity)) {}

  /// Adds `fingerprint`; returns whether it was new.
  bool insert(uint64_t fingerprint) {
    if (fingerprint == 0) {
      if (has_zero_) return false;
      has_zero_ = true;
      ++size_;
      return true;
    }
    if (old_) migrate(kSlotsMovedPerInsert);
    if (2 * (used_ + 1) > capacity_) grow();
    size_t i = start(fingerprint, capacity_);
    for (; slots_[i] != 0; i = (i + 1) & (capacity_ - 1)) {
      if (slots_[i] == fingerprint) return false;
    }
    if (old_ && in(old_.get(), old_capacity_, fingerprint)) return false;
    slots_[i] = fingerprint;
    ++used_;
    ++size_;
    return true;
  }
  /// Whether `fingerprint` was inserted.
  bool contains(uint64_t fingerprint) const {
    if (fingerprint == 0) return has_zero_;
    return in(slots_.get(), capacity_, fingerprint) ||
           (old_ && in(old_.get(), old_capacity_, fingerprint));
  }
  /// How many distinct fingerprints were inserted.
  size_t size() const { return size_; }
  /// Whether the table is still moving the entries of its previous size (for tests).
  bool growing() const { return old_ != nullptr; }

 private:
  // Moved per insertion while growing: the old table (capacity c, at most c / 2 entries) is
  // empty before the new one (2c) reaches its own limit (c entries) after c / 2 insertions.
  static constexpr size_t kSlotsMovedPerInsert = 4;
  struct Free {
    void operator()(uint64_t* p) const { std::free(p); }
  };
  using Slots = std::unique_ptr<uint64_t[], Free>;

  static size_t start(uint64_t f, size_t capacity) {
    return ((f * 0x9e3779b97f4a7c15ULL) >> 17) & (capacity - 1);
  }
  static bool in(const uint64_t* slots, size_t capacity, uint64_t f) {
    for (size_t i = start(f, capacity); slots[i] != 0; i = (i + 1) & (capacity - 1)) {
      if (slots[i] == f) return true;
    }
    return false;
  }
  // Zeroed slots from calloc: large tables come as fresh pages, zeroed only when touched.
  static Slots allocate(size_t capacity) {
    auto* p = static_cast<uint64_t*>(std::calloc(capacity, sizeof(uint64_t)));
    if (p == nullptr) throw std::bad_alloc();
    return Slots(p);
  }
  void grow() {
    if (old_) migrate(old_capacity_);  // the previous growth has not finished: finish it
    old_ = std::move(slots_);
    old_capacity_ = capacity_;
    capacity_ *= 2;
    slots_ = allocate(capacity_);
    moved_ = 0;
  }
  // Copies up to `count` more old slots into the new table; frees the old one when done.
  // An entry copied stays in the old table too (lookups find it in either).
  void migrate(size_t count) {
    for (size_t end = moved_ + count < old_capacity_ ? moved_ + count : old_capacity_; moved_ < end;
         ++moved_) {
      const uint64_t f = old_[moved_];
      if (f == 0) continue;
      size_t i = start(f, capacity_);
      while (slots_[i] != 0 && slots_[i] != f) i = (i + 1) & (capacity_ - 1);
      slots_[i] = f;
    }
    if (moved_ == old_capacity_) old_.reset();
  }

  size_t capacity_;
  Slots slots_;  // 0: empty
  Slots old_;    // the previous table while its entries move across
  size_t old_capacity_ = 0, moved_ = 0;
  size_t used_ = 0, size_ = 0;  // non-zero entries; all entries
  bool has_zero_ = false;       // 0 marks empty slots, so it is kept apart
};

}  // namespace lineup::hunt
