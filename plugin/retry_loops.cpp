// A GCC plugin that marks the loops whose rounds carry no state from one round to the next,
// so that a verification can drop an execution in which such a round ran without effect (the
// execution without that round has the same history; engine/execution.h, on_retry_round).
//
// A loop is marked when, at its header, nothing a round computes reaches the next round:
//  - every value the header merges from the back edge (a PHI of SSA form) is the value it
//    merges from the entry, the PHI's own result, or unused: no counter, no pointer walked
//    forward, no backoff that grows;
//  - every local variable in memory that the loop writes (an addressable local: the
//    `expected` of a compare-exchange) is written in the round, on every path from the header,
//    before the round reads it, and its address is taken nowhere but as an argument of an
//    atomic builtin (no pointer could read it otherwise);
//  - the loop stores to no memory but such locals, calls nothing but atomic builtins and
//    functions without side effects, and has no inline assembly with outputs.
// Effects on shared memory (an atomic store, a compare-exchange that succeeds) are allowed:
// whether a round had one is seen when it runs, not here. What a round did to its registers
// and locals, which no execution shows, is what this pass proves.
// The analysis follows GenMC's spin-assume pass (Kokologiannakis, Ren, Vafeiadis, "Dynamic
// Partial Order Reductions for Spinloops", FMCAD 2021): a loop whose failed rounds have no
// effect can be assumed not to fail, with the difference that here the effect is checked per
// round at run time rather than proved for every path of the loop.
//
// A marked loop gets two calls: __lineup_retry_enter("file:line:col") on its entry edge and
// __lineup_retry_again("file:line:col") on its back edge. Loops it cannot prove get nothing.
// With -fplugin-arg-lineup_retry_loops-report it prints each loop's verdict to stderr:
//   queue.cpp:42:5: lineup: retry loop marked
//   queue.cpp:57:3: lineup: loop not marked: the value of 'tries' changes from round to round
// GCC's headers depend on each other's order, not on their names.
// clang-format off
#include <gcc-plugin.h>
#include <plugin-version.h>
#include <tree.h>
#include <tree-pass.h>
#include <context.h>
#include <function.h>
#include <basic-block.h>
#include <cfgloop.h>
#include <gimple.h>
#include <gimple-iterator.h>
#include <gimple-walk.h>
#include <ssa.h>
#include <tree-into-ssa.h>
#include <tree-cfg.h>
#include <internal-fn.h>
#include <langhooks.h>
#include <diagnostic-core.h>
// clang-format on

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int plugin_is_GPL_compatible;

namespace {

bool g_report = false;

// ---- What a statement does --------------------------------------------------------------

bool is_local(tree base) {
  return base != NULL_TREE &&
         (VAR_P(base) || TREE_CODE(base) == PARM_DECL || TREE_CODE(base) == RESULT_DECL) &&
         auto_var_in_fn_p(base, current_function_decl);
}

// An __atomic_* or __sync_* builtin: what it does to memory is a step the engine sees.
bool is_atomic_builtin(const gimple* stmt) {
  if (!is_gimple_call(stmt)) return false;
  tree fn = gimple_call_fndecl(stmt);
  if (fn == NULL_TREE || !fndecl_built_in_p(fn, BUILT_IN_NORMAL)) return false;
  const char* name = IDENTIFIER_POINTER(DECL_NAME(fn));
  return std::strncmp(name, "__atomic_", 9) == 0 || std::strncmp(name, "__sync_", 7) == 0;
}

// A call that changes nothing a later round could see: an atomic builtin (its memory effect
// is a step), or a function without side effects.
bool harmless_call(const gimple* stmt, std::string* why) {
  if (is_atomic_builtin(stmt)) return true;
  const int flags = gimple_call_flags(stmt);
  if ((flags & (ECF_CONST | ECF_PURE | ECF_NOVOPS)) != 0 &&
      (flags & ECF_LOOPING_CONST_OR_PURE) == 0) {
    return true;
  }
  tree fn = gimple_call_fndecl(stmt);
  if (gimple_call_internal_p(stmt)) {
    *why =
        std::string("calls internal function ") + internal_fn_name(gimple_call_internal_fn(stmt));
  } else if (fn != NULL_TREE) {
    *why = std::string("calls ") + lang_hooks.decl_printable_name(fn, 1);
  } else {
    *why = "calls through a pointer";
  }
  return false;
}

// The locals a statement reads, writes whole, and whose address it takes, as
// walk_stmt_load_store_addr_ops reports them.
struct Accesses {
  std::vector<tree> loads;
  std::vector<tree> stores;  // every store's base, local or not
  std::vector<tree> addresses;
};

bool on_load(gimple*, tree base, tree, void* data) {
  static_cast<Accesses*>(data)->loads.push_back(base);
  return false;
}
bool on_store(gimple*, tree base, tree, void* data) {
  static_cast<Accesses*>(data)->stores.push_back(base);
  return false;
}
bool on_address(gimple*, tree base, tree, void* data) {
  static_cast<Accesses*>(data)->addresses.push_back(base);
  return false;
}

Accesses accesses_of(gimple* stmt) {
  Accesses a;
  walk_stmt_load_store_addr_ops(stmt, &a, on_load, on_store, on_address);
  return a;
}

// Whether `stmt` stores all of `var` (not a field or element of it).
bool stores_whole(const gimple* stmt, tree var) { return gimple_get_lhs(stmt) == var; }

std::string name_of(tree t) {
  if (t == NULL_TREE) return "a temporary";
  if (TREE_CODE(t) == SSA_NAME) t = SSA_NAME_VAR(t);
  if (t == NULL_TREE || DECL_NAME(t) == NULL_TREE) return "a temporary";
  return std::string("'") + IDENTIFIER_POINTER(DECL_NAME(t)) + "'";
}

// ---- The function's locals whose address may be read through a pointer -----------------

// Locals whose address is taken other than as an argument of an atomic builtin.
std::vector<tree> escaping_locals(function* fn) {
  std::vector<tree> out;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fn) {
    for (gphi_iterator psi = gsi_start_phis(bb); !gsi_end_p(psi); gsi_next(&psi)) {
      for (tree base : accesses_of(psi.phi()).addresses) {
        if (is_local(base)) out.push_back(base);
      }
    }
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple* stmt = gsi_stmt(gsi);
      if (is_gimple_debug(stmt) || is_atomic_builtin(stmt)) continue;
      for (tree base : accesses_of(stmt).addresses) {
        if (is_local(base)) out.push_back(base);
      }
    }
  }
  return out;
}

bool contains(const std::vector<tree>& v, tree t) {
  for (tree x : v) {
    if (x == t) return true;
  }
  return false;
}

// ---- One loop -----------------------------------------------------------------------------

bool has_real_uses(tree name) {
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST(use, it, name) {
    if (!is_gimple_debug(USE_STMT(use))) return true;
  }
  return false;
}

// Rule 1: the header's PHIs carry nothing from the back edge.
bool registers_carry_nothing(class loop* loop, std::string* why) {
  edge entry = loop_preheader_edge(loop);
  edge back = loop_latch_edge(loop);
  for (gphi_iterator psi = gsi_start_phis(loop->header); !gsi_end_p(psi); gsi_next(&psi)) {
    gphi* phi = psi.phi();
    tree result = gimple_phi_result(phi);
    if (virtual_operand_p(result)) continue;
    tree again = PHI_ARG_DEF_FROM_EDGE(phi, back);
    tree first = PHI_ARG_DEF_FROM_EDGE(phi, entry);
    if (again == result || operand_equal_p(again, first, 0) || !has_real_uses(result)) continue;
    *why = "the value of " + name_of(result) + " changes from round to round";
    return false;
  }
  return true;
}

// Rules 2 and 3: what the body stores and calls; collects the locals it writes.
bool body_effects_allowed(class loop* loop, basic_block* body, const std::vector<tree>& escaping,
                          std::vector<tree>* written, std::string* why) {
  for (unsigned i = 0; i < loop->num_nodes; ++i) {
    if ((body[i]->flags & BB_IRREDUCIBLE_LOOP) != 0) {
      *why = "its body is irreducible";
      return false;
    }
    for (gimple_stmt_iterator gsi = gsi_start_bb(body[i]); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple* stmt = gsi_stmt(gsi);
      if (is_gimple_debug(stmt)) continue;
      if (gasm* asm_stmt = dyn_cast<gasm*>(stmt)) {
        if (gimple_asm_noutputs(asm_stmt) > 0) {
          *why = "it has inline assembly with outputs";
          return false;
        }
      }
      if (is_gimple_call(stmt) && !harmless_call(stmt, why)) return false;
      const Accesses a = accesses_of(stmt);
      for (tree base : a.stores) {
        if (!is_local(base)) {
          *why = "it stores to memory other than its locals";
          return false;
        }
        if (!contains(*written, base)) written->push_back(base);
      }
      if (is_atomic_builtin(stmt)) {
        for (tree base : a.addresses) {
          if (is_local(base) && !contains(*written, base)) written->push_back(base);
        }
      }
    }
  }
  for (tree var : *written) {
    if (contains(escaping, var)) {
      *why = "the address of " + name_of(var) + ", written in the loop, is taken";
      return false;
    }
  }
  if (written->size() > 64) {
    *why = "it writes more than 64 locals";
    return false;
  }
  return true;
}

// Rule 2's order: on every path from the header, each local the loop writes is written in the
// round before the round reads it. A forward must-analysis over the body: the set of written
// locals (bits of `written`) defined on every path from the header to a point.
bool locals_written_before_read(class loop* loop, basic_block* body,
                                const std::vector<tree>& written, std::string* why) {
  if (written.empty()) return true;
  auto bit = [&](tree var) -> uint64_t {
    for (size_t i = 0; i < written.size(); ++i) {
      if (written[i] == var) return uint64_t{1} << i;
    }
    return 0;
  };
  const unsigned n = loop->num_nodes;
  auto index_of = [&](basic_block bb) -> int {
    for (unsigned i = 0; i < n; ++i) {
      if (body[i] == bb) return static_cast<int>(i);
    }
    return -1;
  };
  std::vector<uint64_t> out(n, ~uint64_t{0});
  // Walks one block from `in`; returns false with `why` set at a read before a write.
  auto walk = [&](basic_block bb, uint64_t defined, bool check, uint64_t* after) {
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple* stmt = gsi_stmt(gsi);
      if (is_gimple_debug(stmt)) continue;
      const Accesses a = accesses_of(stmt);
      uint64_t reads = 0;
      for (tree base : a.loads) reads |= bit(base);
      const bool atomic = is_atomic_builtin(stmt);
      if (atomic) {
        for (tree base : a.addresses) reads |= bit(base);  // `expected`: read, then written
      }
      if (check && (reads & ~defined) != 0) {
        for (tree var : written) {
          if ((reads & ~defined & bit(var)) != 0) {
            *why = "it reads " + name_of(var) + " before writing it in the round";
            break;
          }
        }
        return false;
      }
      for (tree base : a.stores) {
        if (stores_whole(stmt, base)) defined |= bit(base);
      }
      if (atomic) {
        for (tree base : a.addresses) defined |= bit(base);
      }
    }
    *after = defined;
    return true;
  };
  // What is written on every path to block i's start: nothing at the header, else what every
  // predecessor in the loop ends with.
  auto in_of = [&](unsigned i) {
    if (body[i] == loop->header) return uint64_t{0};
    uint64_t in = ~uint64_t{0};
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, body[i]->preds) {
      const int p = index_of(e->src);
      if (p >= 0) in &= out[static_cast<size_t>(p)];
    }
    return in;
  };
  // Iterate to the fixpoint in the body's order (the header first), then check.
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned i = 0; i < n; ++i) {
      uint64_t after = 0;
      walk(body[i], in_of(i), false, &after);
      if (after != out[i]) {
        out[i] = after;
        changed = true;
      }
    }
  }
  for (unsigned i = 0; i < n; ++i) {
    uint64_t after = 0;
    if (!walk(body[i], in_of(i), true, &after)) return false;
  }
  return true;
}

bool carries_no_state(class loop* loop, const std::vector<tree>& escaping, std::string* why) {
  if (loop->latch == nullptr || loop_preheader_edge(loop) == nullptr) {
    *why = "it has no single entry and back edge";
    return false;
  }
  if (!registers_carry_nothing(loop, why)) return false;
  basic_block* body = get_loop_body(loop);
  std::vector<tree> written;
  const bool ok = body_effects_allowed(loop, body, escaping, &written, why) &&
                  locals_written_before_read(loop, body, written, why);
  free(body);
  return ok;
}

// ---- Marking ------------------------------------------------------------------------------

// Where the loop is written: the first source line of its body among the statements of the
// shallowest inlined scope it holds (the function the loop is written in, not the atomic
// members inlined into it), so that every copy of a loop inlined elsewhere has the same name.
int inline_depth(location_t loc) {
  int depth = 0;
  for (tree block = LOCATION_BLOCK(loc); block != NULL_TREE && TREE_CODE(block) == BLOCK;
       block = BLOCK_SUPERCONTEXT(block)) {
    if (inlined_function_outer_scope_p(block)) ++depth;
  }
  return depth;
}

location_t loop_location(class loop* loop) {
  basic_block* body = get_loop_body(loop);
  location_t best = UNKNOWN_LOCATION;
  int best_depth = 0;
  expanded_location best_at{};
  for (unsigned i = 0; i < loop->num_nodes; ++i) {
    for (gimple_stmt_iterator gsi = gsi_start_bb(body[i]); !gsi_end_p(gsi); gsi_next(&gsi)) {
      const gimple* stmt = gsi_stmt(gsi);
      const location_t loc = gimple_location(stmt);
      if (is_gimple_debug(stmt) || LOCATION_LOCUS(loc) == UNKNOWN_LOCATION) continue;
      const int depth = inline_depth(loc);
      const expanded_location at = expand_location(loc);
      const bool earlier =
          at.line < best_at.line || (at.line == best_at.line && at.column < best_at.column);
      if (best == UNKNOWN_LOCATION || depth < best_depth || (depth == best_depth && earlier)) {
        best = loc;
        best_depth = depth;
        best_at = at;
      }
    }
  }
  free(body);
  return best != UNKNOWN_LOCATION ? best : DECL_SOURCE_LOCATION(current_function_decl);
}

std::string describe(location_t loc) {
  const expanded_location x = expand_location(loc);
  const char* file = x.file != nullptr ? lbasename(x.file) : "?";
  return std::string(file) + ":" + std::to_string(x.line) + ":" + std::to_string(x.column);
}

tree hook(const char* name) {
  static tree enter = NULL_TREE;
  static tree again = NULL_TREE;
  tree& slot = std::strcmp(name, "__lineup_retry_enter") == 0 ? enter : again;
  if (slot == NULL_TREE) {
    tree type = build_function_type_list(void_type_node, const_ptr_type_node, NULL_TREE);
    slot = build_fn_decl(name, type);
    TREE_NOTHROW(slot) = 1;
  }
  return slot;
}

void insert_call(edge e, const char* name, const std::string& where, location_t loc) {
  tree text = build_string_literal(where.size() + 1, where.c_str());
  gcall* call = gimple_build_call(hook(name), 1, text);
  gimple_set_location(call, loc);
  gsi_insert_on_edge_immediate(e, call);
}

unsigned mark_retry_loops(function* fn) {
  if (number_of_loops(fn) <= 1) return 0;  // the function itself is loop 0
  loop_optimizer_init(LOOPS_NORMAL);       // preheaders and simple latches
  const std::vector<tree> escaping = escaping_locals(fn);
  std::vector<class loop*> marked;
  for (class loop* loop : loops_list(fn, 0)) {
    std::string why;
    const bool ok = carries_no_state(loop, escaping, &why);
    if (g_report) {
      const std::string where = describe(loop_location(loop));
      if (ok) {
        std::fprintf(stderr, "%s: lineup: retry loop marked\n", where.c_str());
      } else {
        std::fprintf(stderr, "%s: lineup: loop not marked: %s\n", where.c_str(), why.c_str());
      }
    }
    if (ok) marked.push_back(loop);
  }
  for (class loop* loop : marked) {
    const location_t loc = loop_location(loop);
    const std::string where = describe(loc);
    edge entry = loop_preheader_edge(loop);
    edge back = loop_latch_edge(loop);
    insert_call(back, "__lineup_retry_again", where, loc);
    insert_call(entry, "__lineup_retry_enter", where, loc);
  }
  loop_optimizer_finalize(fn);
  if (marked.empty()) return 0;
  mark_virtual_operands_for_renaming(fn);
  return TODO_update_ssa_only_virtuals | TODO_cleanup_cfg;
}

const pass_data kPassData = {
    GIMPLE_PASS, "lineup_retry_loops", OPTGROUP_NONE, TV_NONE, PROP_ssa | PROP_cfg, 0, 0, 0, 0,
};

// Registered twice, before the optimising pipeline's ThreadSanitizer pass and before -O0's;
// each runs at its own optimisation level only, so that no loop is marked twice.
class RetryLoopsPass : public gimple_opt_pass {
 public:
  RetryLoopsPass(gcc::context* ctx, bool optimizing)
      : gimple_opt_pass(kPassData, ctx), optimizing_(optimizing) {}
  bool gate(function*) override { return (optimize != 0) == optimizing_; }
  unsigned int execute(function* fn) override { return mark_retry_loops(fn); }
  opt_pass* clone() override { return new RetryLoopsPass(m_ctxt, optimizing_); }

 private:
  bool optimizing_;
};

}  // namespace

int plugin_init(struct plugin_name_args* info, struct plugin_gcc_version* version) {
  if (!plugin_default_version_check(version, &gcc_version)) {
    std::fprintf(stderr, "lineup_retry_loops: built for GCC %s, loaded by GCC %s\n",
                 gcc_version.basever, version->basever);
    return 1;
  }
  for (int i = 0; i < info->argc; ++i) {
    if (std::strcmp(info->argv[i].key, "report") == 0) g_report = true;
  }
  // Just before ThreadSanitizer's instrumentation, at every optimisation level: after
  // inlining, while the atomic builtins are still builtins.
  for (const char* ref : {"tsan", "tsan0"}) {
    struct register_pass_info pass;
    pass.pass = new RetryLoopsPass(g, std::strcmp(ref, "tsan") == 0);
    pass.reference_pass_name = ref;
    pass.ref_pass_instance_number = 0;
    pass.pos_op = PASS_POS_INSERT_BEFORE;
    register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &pass);
  }
  return 0;
}
