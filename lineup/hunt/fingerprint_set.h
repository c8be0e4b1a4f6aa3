// A set of 64-bit class fingerprints in one open-addressing array: a hunt inserts one per
// execution, hundreds of thousands in all, and a tree node per insertion (allocation, cache
// misses down a deep tree) cost more than the check of the execution itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lineup {

class FingerprintSet {
 public:
  /// Adds `fingerprint`; returns whether it was new.
  bool insert(uint64_t fingerprint) {
    if (fingerprint == 0) {
      if (has_zero_) return false;
      has_zero_ = true;
      ++size_;
      return true;
    }
    if (2 * (used_ + 1) > slots_.size()) grow();
    size_t i = start(fingerprint);
    for (; slots_[i] != 0; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == fingerprint) return false;
    }
    slots_[i] = fingerprint;
    ++used_;
    ++size_;
    return true;
  }
  /// Whether `fingerprint` was inserted.
  bool contains(uint64_t fingerprint) const {
    if (fingerprint == 0) return has_zero_;
    for (size_t i = start(fingerprint); slots_[i] != 0; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == fingerprint) return true;
    }
    return false;
  }
  /// Starts loading the slot where `fingerprint` goes, ahead of an insert or lookup.
  void prefetch(uint64_t fingerprint) const { __builtin_prefetch(&slots_[start(fingerprint)]); }
  /// How many distinct fingerprints were inserted.
  size_t size() const { return size_; }

 private:
  size_t start(uint64_t f) const {
    return ((f * 0x9e3779b97f4a7c15ULL) >> 17) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<uint64_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    for (uint64_t f : old) {
      if (f == 0) continue;
      size_t i = start(f);
      while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = f;
    }
  }

  std::vector<uint64_t> slots_ = std::vector<uint64_t>(64, 0);  // 0: empty
  size_t used_ = 0, size_ = 0;                                  // non-zero entries; all entries
  bool has_zero_ = false;  // 0 marks empty slots, so it is kept apart
};

}  // namespace lineup
