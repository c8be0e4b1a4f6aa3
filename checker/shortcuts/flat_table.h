// An open-addressing hash table from fixed-width keys (a run of 32-bit words, the same width
// for every key of one table) to 32-bit values. Keys live side by side in one array, so a
// lookup touches no node and an insertion allocates only when the table doubles: the memos of
// the checker, hit once per execution, cost no heap allocation in the steady state.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace lineup::checker {

class FlatTable {
 public:
  static constexpr uint32_t kAbsent = UINT32_MAX;

  /// Forgets every entry; keys from now on are `key_words` words long. The slots already
  /// grown are kept, so a table reset between uses of similar size does not grow again.
  void reset(size_t key_words) {
    width_ = key_words;
    keys_.clear();
    values_.clear();
    std::fill(slots_.begin(), slots_.end(), kAbsent);
  }
  /// Makes room for `entries` entries without growing again.
  void reserve(size_t entries) {
    size_t size = slots_.size();
    while (2 * entries > size) size *= 2;
    if (size > slots_.size()) rehash(size);  // at once, not one doubling at a time
    keys_.reserve(entries * width_);
    values_.reserve(entries);
  }
  size_t size() const { return values_.size(); }
  size_t key_words() const { return width_; }

  /// Hash of a key: the table's own, exposed so a caller can probe twice with one hash.
  uint64_t hash(const uint32_t* key) const {
    uint64_t h = 0x243f6a8885a308d3ULL ^ width_;
    size_t i = 0;
    for (; i + 2 <= width_; i += 2) {
      uint64_t w = key[i] | (uint64_t{key[i + 1]} << 32);
      h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
      h ^= h >> 29;
    }
    if (i < width_) h = ((h ^ key[i]) * 0x9e3779b97f4a7c15ULL) ^ (h >> 31);
    return h ^ (h >> 32);
  }

  /// The value stored under `key`, or nullptr.
  uint32_t* find(const uint32_t* key) { return find(key, hash(key)); }
  uint32_t* find(const uint32_t* key, uint64_t h) {
    size_t mask = slots_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      uint32_t s = slots_[i];
      if (s == kAbsent) return nullptr;
      if (hashes_[i] == h && std::memcmp(&keys_[s * width_], key, width_ * 4) == 0) {
        return &values_[s];
      }
    }
  }

  /// Stores `value` under `key`, which must not be present; returns the entry's index
  /// (0, 1, 2, ... in insertion order).
  uint32_t insert(const uint32_t* key, uint32_t value) { return insert(key, hash(key), value); }
  uint32_t insert(const uint32_t* key, uint64_t h, uint32_t value) {
    if (2 * (values_.size() + 1) > slots_.size()) grow();
    auto s = static_cast<uint32_t>(values_.size());
    keys_.insert(keys_.end(), key, key + width_);
    values_.push_back(value);
    place(s, h);
    return s;
  }

  /// The index of `key`'s entry, inserted with value 0 when absent.
  uint32_t intern(const uint32_t* key) {
    uint64_t h = hash(key);
    if (uint32_t* v = find(key, h)) return static_cast<uint32_t>(v - values_.data());
    return insert(key, h, 0);
  }

  /// The key of entry `index`.
  const uint32_t* key(uint32_t index) const { return &keys_[index * width_]; }
  uint32_t& value(uint32_t index) { return values_[index]; }

 private:
  void place(uint32_t s, uint64_t h) {
    size_t mask = slots_.size() - 1;
    size_t i = h & mask;
    while (slots_[i] != kAbsent) i = (i + 1) & mask;
    slots_[i] = s;
    hashes_[i] = h;
  }
  void grow() { rehash(slots_.size() * 2); }
  // The entries placed again in `size` slots (a power of two, more than there are entries).
  void rehash(size_t size) {
    std::vector<uint32_t> old_slots(size, kAbsent);
    std::vector<uint64_t> old_hashes(size, 0);
    old_slots.swap(slots_);
    old_hashes.swap(hashes_);
    for (size_t j = 0; j < old_slots.size(); ++j) {
      if (old_slots[j] != kAbsent) place(old_slots[j], old_hashes[j]);
    }
  }

  size_t width_ = 0;
  std::vector<uint32_t> keys_;    // entry i's key at [i * width_, (i + 1) * width_)
  std::vector<uint32_t> values_;  // entry i's value
  std::vector<uint32_t> slots_ = std::vector<uint32_t>(16, kAbsent);  // entry index or kAbsent
  std::vector<uint64_t> hashes_ = std::vector<uint64_t>(16, 0);       // full hash per slot
};

}  // namespace lineup::checker
