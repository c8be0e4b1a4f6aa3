// RC11's psc acyclicity computed straight from its definition (engine/memory/psc.h), every
// relation a full matrix and every composition a triple loop: the oracle psc_acyclic is
// checked against on random graphs (psc_test.cpp).
#pragma once

#include <cstddef>
#include <vector>

#include "engine/memory/psc.h"

namespace lineup::engine::testing {

using Matrix = std::vector<std::vector<bool>>;

inline Matrix empty_matrix(size_t n) { return Matrix(n, std::vector<bool>(n, false)); }

inline Matrix compose(const Matrix& r, const Matrix& s) {
  const size_t n = r.size();
  Matrix out = empty_matrix(n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < n; ++k) {
      if (!r[i][k]) continue;
      for (size_t j = 0; j < n; ++j) {
        if (s[k][j]) out[i][j] = true;
      }
    }
  }
  return out;
}

inline Matrix unite(Matrix r, const Matrix& s) {
  for (size_t i = 0; i < r.size(); ++i) {
    for (size_t j = 0; j < r.size(); ++j) r[i][j] = r[i][j] || s[i][j];
  }
  return r;
}

inline Matrix closure(Matrix r) {
  const size_t n = r.size();
  for (size_t k = 0; k < n; ++k) {
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) r[i][j] = r[i][j] || (r[i][k] && r[k][j]);
    }
  }
  return r;
}

// The identity on the events `keep` accepts: [E] of the definitions.
template <typename Keep>
Matrix identity_on(const std::vector<PscEvent>& events, Keep keep) {
  Matrix out = empty_matrix(events.size());
  for (size_t i = 0; i < events.size(); ++i) out[i][i] = keep(events[i]);
  return out;
}

inline bool reference_psc_acyclic(const std::vector<PscEvent>& events) {
  const size_t n = events.size();
  const auto fence = [](const PscEvent& e) { return e.location == PscEvent::kFence; };
  const auto clock = [](const PscEvent& e, int t) {
    const auto i = static_cast<size_t>(t);
    return i < e.clock.size() ? e.clock[i] : 0U;
  };
  Matrix sb = empty_matrix(n), hb = sb, loc = sb, mo = sb, rb = sb, rf = sb;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      const PscEvent& a = events[i];
      const PscEvent& b = events[j];
      if (i < j && clock(b, a.thread) >= clock(a, a.thread)) hb[i][j] = true;
      if (i < j && a.thread == b.thread) sb[i][j] = true;
      if (i == j || fence(a) || a.location != b.location) continue;
      loc[i][j] = true;
      mo[i][j] = a.writes && b.writes && a.write_ts < b.write_ts;
      rf[i][j] = a.writes && b.reads && a.write_ts == b.read_ts;
      rb[i][j] = a.reads && b.writes && a.read_ts < b.write_ts;
    }
  }
  Matrix hb_loc = empty_matrix(n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) hb_loc[i][j] = hb[i][j] && loc[i][j];
  }
  const Matrix eco = closure(unite(unite(rf, mo), rb));
  const Matrix scb = unite(unite(unite(sb, compose(compose(sb, hb), sb)), hb_loc), unite(mo, rb));
  const Matrix e_sc = identity_on(events, [](const PscEvent& e) { return e.sc; });
  const Matrix f_sc = identity_on(events, [&](const PscEvent& e) { return e.sc && fence(e); });
  const Matrix id = identity_on(events, [](const PscEvent&) { return true; });
  const Matrix hb_opt = unite(hb, id);
  const Matrix left = unite(e_sc, compose(f_sc, hb_opt));
  const Matrix right = unite(e_sc, compose(hb_opt, f_sc));
  const Matrix psc_base = compose(compose(left, scb), right);
  const Matrix psc_f = compose(compose(f_sc, unite(hb, compose(compose(hb, eco), hb))), f_sc);
  const Matrix psc = closure(unite(psc_base, psc_f));
  for (size_t i = 0; i < n; ++i) {
    if (psc[i][i]) return false;
  }
  return true;
}

}  // namespace lineup::engine::testing
