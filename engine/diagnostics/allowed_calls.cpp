#include "engine/diagnostics/allowed_calls.h"

#include <array>

namespace lineup::engine {
namespace {

constexpr const char* kReplaced = "lineup's runtime replaces it";
constexpr const char* kRefused = "lineup's runtime refuses it during executions";
constexpr const char* kReading = "it reads a file into the caller's buffer, which lineup allows";
constexpr const char* kLoader = "a lookup in the dynamic linker's own records";
constexpr const char* kOwn = "it is lineup's own code";
constexpr const char* kCxxRuntime =
    "the C++ runtime's exceptions and start-up: it touches only the exception or its own state";
constexpr const char* kWaits = "it waits through the pthread functions lineup replaces";
constexpr const char* kLockObject = "it only sets up or tears down a lock lineup models by address";
constexpr const char* kString = "a std::string's own buffer";
constexpr const char* kStream =
    "a stream object of the caller's, whose file I/O goes through the calls above";
constexpr const char* kOutput = "output to the standard streams, which lineup leaves alone";
constexpr const char* kCallersMemory = "it reads only the memory the caller hands it";
constexpr const char* kNoMemory = "it touches no shared memory";

struct Entry {
  std::string_view name;
  bool prefix;  // the name starts with `name` (else it is `name`, or `name` and a parameter list)
  const char* why;
};

constexpr std::array kEntries{
    // Allocation (malloc_interpose.cpp) and the C++ operators built on it.
    Entry{"malloc", false, kReplaced},
    Entry{"free", false, kReplaced},
    Entry{"calloc", false, kReplaced},
    Entry{"realloc", false, kReplaced},
    Entry{"memalign", false, kReplaced},
    Entry{"aligned_alloc", false, kReplaced},
    Entry{"posix_memalign", false, kReplaced},
    Entry{"valloc", false, kReplaced},
    Entry{"pvalloc", false, kReplaced},
    Entry{"malloc_usable_size", false, kReplaced},
    Entry{"operator new", true, kReplaced},
    Entry{"operator delete", true, kReplaced},
    // Synchronisation (pthread_interpose.cpp, futex_interpose.cpp).
    Entry{"pthread_mutex_lock", false, kReplaced},
    Entry{"pthread_mutex_trylock", false, kReplaced},
    Entry{"pthread_mutex_timedlock", false, kReplaced},
    Entry{"pthread_mutex_clocklock", false, kReplaced},
    Entry{"pthread_mutex_unlock", false, kReplaced},
    Entry{"pthread_rwlock_", true, kReplaced},
    Entry{"pthread_spin_lock", false, kReplaced},
    Entry{"pthread_spin_trylock", false, kReplaced},
    Entry{"pthread_spin_unlock", false, kReplaced},
    Entry{"pthread_cond_wait", false, kReplaced},
    Entry{"pthread_cond_timedwait", false, kReplaced},
    Entry{"pthread_cond_clockwait", false, kReplaced},
    Entry{"pthread_cond_signal", false, kReplaced},
    Entry{"pthread_cond_broadcast", false, kReplaced},
    Entry{"pthread_getspecific", false, kReplaced},
    Entry{"pthread_setspecific", false, kReplaced},
    Entry{"pthread_self", false, kReplaced},
    Entry{"sched_yield", false, kReplaced},
    Entry{"syscall", false, kReplaced},
    Entry{"pthread_mutex_init", false, kLockObject},
    Entry{"pthread_mutex_destroy", false, kLockObject},
    Entry{"pthread_mutexattr_", true, kLockObject},
    Entry{"pthread_cond_init", false, kLockObject},
    Entry{"pthread_cond_destroy", false, kLockObject},
    Entry{"pthread_condattr_", true, kLockObject},
    Entry{"pthread_spin_init", false, kLockObject},
    Entry{"pthread_spin_destroy", false, kLockObject},
    Entry{"pthread_key_create", false, kLockObject},
    Entry{"pthread_key_delete", false, kLockObject},
    // Static locals and thread-local destructors (thread_exit_interpose.cpp).
    Entry{"__cxa_guard_acquire", false, kReplaced},
    Entry{"__cxa_guard_release", false, kReplaced},
    Entry{"__cxa_guard_abort", false, kReplaced},
    Entry{"__cxa_thread_atexit_impl", false, kReplaced},
    Entry{"__cxa_thread_atexit", false, kReplaced},
    // Time and sleep (time_interpose.cpp).
    Entry{"clock_gettime", false, kReplaced},
    Entry{"gettimeofday", false, kReplaced},
    Entry{"time", false, kReplaced},
    Entry{"nanosleep", false, kReplaced},
    Entry{"clock_nanosleep", false, kReplaced},
    Entry{"usleep", false, kReplaced},
    Entry{"sleep", false, kReplaced},
    Entry{"poll", false, kReplaced},
    Entry{"std::chrono::_V2::steady_clock::now", false, kReplaced},
    Entry{"std::chrono::_V2::system_clock::now", false, kReplaced},
    Entry{"std::this_thread::__sleep_for", false, kReplaced},
    // Ways out, assertions, loading (exit_interpose.cpp, assert_interpose.cpp, dl_interpose.cpp).
    Entry{"exit", false, kReplaced},
    Entry{"_exit", false, kReplaced},
    Entry{"_Exit", false, kReplaced},
    Entry{"quick_exit", false, kReplaced},
    Entry{"abort", false, kReplaced},
    Entry{"__assert_fail", false, kReplaced},
    Entry{"__assert_perror_fail", false, kReplaced},
    Entry{"dlopen", false, kReplaced},
    Entry{"dlmopen", false, kReplaced},
    Entry{"dlclose", false, kReplaced},
    Entry{"dlsym", false, kLoader},
    Entry{"dlvsym", false, kLoader},
    Entry{"dlerror", false, kLoader},
    Entry{"dladdr", false, kLoader},
    // Threads, processes and I/O (spawn_interpose.cpp, io_interpose.cpp).
    Entry{"pthread_create", false, kRefused},
    Entry{"std::thread::_M_start_thread", false, kRefused},
    Entry{"fork", false, kRefused},
    Entry{"vfork", false, kRefused},
    Entry{"exec", true, kRefused},
    Entry{"fexecve", false, kRefused},
    Entry{"system", false, kRefused},
    Entry{"popen", false, kRefused},
    Entry{"posix_spawn", true, kRefused},
    Entry{"open", false, kRefused},
    Entry{"open64", false, kRefused},
    Entry{"openat", false, kRefused},
    Entry{"openat64", false, kRefused},
    Entry{"__open_2", false, kRefused},
    Entry{"__open64_2", false, kRefused},
    Entry{"__openat_2", false, kRefused},
    Entry{"__openat64_2", false, kRefused},
    Entry{"creat", false, kRefused},
    Entry{"creat64", false, kRefused},
    Entry{"fopen", false, kRefused},
    Entry{"fopen64", false, kRefused},
    Entry{"freopen", false, kRefused},
    Entry{"freopen64", false, kRefused},
    Entry{"socket", false, kRefused},
    Entry{"socketpair", false, kRefused},
    Entry{"connect", false, kRefused},
    Entry{"write", false, kRefused},
    Entry{"pwrite", false, kRefused},
    Entry{"pwrite64", false, kRefused},
    Entry{"writev", false, kRefused},
    Entry{"send", false, kRefused},
    Entry{"sendto", false, kRefused},
    Entry{"sendmsg", false, kRefused},
    Entry{"pthread_join", false, kRefused},
    Entry{"pthread_detach", false, kRefused},
    Entry{"std::thread::join", false, kRefused},
    Entry{"std::thread::detach", false, kRefused},
    Entry{"waitpid", false, kRefused},
    Entry{"wait", false, kRefused},
    // Reading files, which the runtime allows (unsupported_calls.h), into the caller's buffer.
    Entry{"read", false, kReading},
    Entry{"pread", false, kReading},
    Entry{"pread64", false, kReading},
    Entry{"close", false, kReading},
    Entry{"fclose", false, kReading},
    Entry{"fgets", false, kReading},
    Entry{"fread", false, kReading},
    Entry{"opendir", false, kReading},
    Entry{"readdir", false, kReading},
    Entry{"readdir64", false, kReading},
    Entry{"closedir", false, kReading},
    Entry{"strerror", false, kReading},
    // lineup's own code: the structure API, thread_index(), the engine.
    Entry{"lineup::", true, kOwn},
    // The C++ runtime.
    Entry{"__cxa_allocate_exception", false, kCxxRuntime},
    Entry{"__cxa_free_exception", false, kCxxRuntime},
    Entry{"__cxa_throw", false, kCxxRuntime},
    Entry{"__cxa_rethrow", false, kCxxRuntime},
    Entry{"__cxa_begin_catch", false, kCxxRuntime},
    Entry{"__cxa_end_catch", false, kCxxRuntime},
    Entry{"__cxa_call_unexpected", false, kCxxRuntime},
    Entry{"__cxa_pure_virtual", false, kCxxRuntime},
    Entry{"__cxa_atexit", false, kCxxRuntime},
    Entry{"__cxa_finalize", false, kCxxRuntime},
    Entry{"_Unwind_Resume", false, kCxxRuntime},
    Entry{"__stack_chk_fail", false, kCxxRuntime},
    Entry{"std::terminate", false, kCxxRuntime},
    Entry{"std::__throw_", true, kCxxRuntime},
    Entry{"__tls_get_addr", false, kCxxRuntime},
    Entry{"__errno_location", false, kCxxRuntime},
    Entry{"__cxa_throw_bad_array_new_length", false, kCxxRuntime},
    Entry{"std::exception::", true, kCxxRuntime},
    Entry{"std::bad_", true, kCxxRuntime},
    Entry{"std::logic_error::", true, kCxxRuntime},
    Entry{"std::runtime_error::", true, kCxxRuntime},
    Entry{"std::length_error::", true, kCxxRuntime},
    Entry{"std::out_of_range::", true, kCxxRuntime},
    Entry{"std::invalid_argument::", true, kCxxRuntime},
    Entry{"std::domain_error::", true, kCxxRuntime},
    Entry{"std::range_error::", true, kCxxRuntime},
    Entry{"std::overflow_error::", true, kCxxRuntime},
    Entry{"std::underflow_error::", true, kCxxRuntime},
    Entry{"std::system_error::", true, kCxxRuntime},
    Entry{"std::_V2::system_category", false, kCxxRuntime},
    Entry{"std::_V2::generic_category", false, kCxxRuntime},
    Entry{"std::uncaught_exception", false, kCxxRuntime},
    Entry{"std::uncaught_exceptions", false, kCxxRuntime},
    Entry{"std::ios_base::Init::Init", false, kCxxRuntime},
    Entry{"std::ios_base::Init::~Init", false, kCxxRuntime},
    // Waiting in the C++ library, through pthread_cond_* and pthread_mutex_*.
    Entry{"std::condition_variable::", true, kWaits},
    Entry{"std::_V2::condition_variable_any::", true, kWaits},
    // std::string's members kept out of line (libstdc++'s explicit instantiation, or the
    // hunter's uninstrumented copy): the strings a structure's code builds are its exceptions'
    // messages and names. A structure keeping strings in shared memory is not seen into
    // (docs/uninstrumented-calls.md).
    Entry{"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::", true,
          kString},
    Entry{"std::__cxx11::to_string", true, kString},
    Entry{"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >* "
          "std::__do_uninit_copy<",
          true, kString},
    // Streams: the stream object is the caller's; its file opens and writes are the calls above.
    Entry{"std::basic_ofstream<", true, kStream},
    Entry{"std::basic_ifstream<", true, kStream},
    Entry{"std::basic_fstream<", true, kStream},
    Entry{"std::basic_filebuf<", true, kStream},
    Entry{"std::__basic_file<", true, kStream},
    Entry{"std::basic_ios<", true, kStream},
    Entry{"std::ios_base::", true, kStream},
    Entry{"std::basic_ostream<", true, kStream},
    Entry{"std::basic_istream<", true, kStream},
    Entry{"std::ostream::", true, kStream},
    Entry{"std::istream::", true, kStream},
    Entry{"std::locale::", true, kStream},
    Entry{"std::basic_ostringstream<", true, kStream},
    Entry{"std::__cxx11::basic_ostringstream<", true, kStream},
    Entry{"std::__cxx11::basic_stringstream<", true, kStream},
    Entry{"std::__cxx11::basic_stringbuf<", true, kStream},
    // Output.
    Entry{"printf", false, kOutput},
    Entry{"puts", false, kOutput},
    Entry{"putchar", false, kOutput},
    Entry{"fprintf", false, kOutput},
    Entry{"vprintf", false, kOutput},
    Entry{"vfprintf", false, kOutput},
    Entry{"fputs", false, kOutput},
    Entry{"fputc", false, kOutput},
    Entry{"fwrite", false, kOutput},
    Entry{"fflush", false, kOutput},
    Entry{"__printf_chk", false, kOutput},
    Entry{"__fprintf_chk", false, kOutput},
    Entry{"__vfprintf_chk", false, kOutput},
    Entry{"perror", false, kOutput},
    // Only the caller's memory, read (or written, for snprintf's buffer), or none.
    Entry{"strlen", false, kCallersMemory},
    Entry{"strnlen", false, kCallersMemory},
    Entry{"strcmp", false, kCallersMemory},
    Entry{"strncmp", false, kCallersMemory},
    Entry{"strchr", false, kCallersMemory},
    Entry{"strrchr", false, kCallersMemory},
    Entry{"strstr", false, kCallersMemory},
    Entry{"memchr", false, kCallersMemory},
    Entry{"snprintf", false, kCallersMemory},
    Entry{"__snprintf_chk", false, kCallersMemory},
    Entry{"strtol", false, kCallersMemory},
    Entry{"strtoul", false, kCallersMemory},
    Entry{"strtoll", false, kCallersMemory},
    Entry{"strtoull", false, kCallersMemory},
    Entry{"__isoc23_strtol", false, kCallersMemory},
    Entry{"__isoc23_strtoul", false, kCallersMemory},
    Entry{"getenv", false, kNoMemory},
    Entry{"sysconf", false, kNoMemory},
    Entry{"get_nprocs", false, kNoMemory},
    Entry{"get_nprocs_conf", false, kNoMemory},
    Entry{"getpid", false, kNoMemory},
    Entry{"sched_getcpu", false, kNoMemory},
    Entry{"std::_Hash_bytes", false, kCallersMemory},
    Entry{"std::__detail::_Prime_rehash_policy::", true, kNoMemory},
};

bool matches(const Entry& e, std::string_view function) {
  if (function.substr(0, e.name.size()) != e.name) return false;
  if (e.prefix || function.size() == e.name.size()) return true;
  return function[e.name.size()] == '(';  // "operator new(unsigned long)", "std::terminate()"
}

}  // namespace

const char* why_call_is_seen(std::string_view function, std::string_view module) {
  for (const Entry& e : kEntries) {
    if (matches(e, function)) return e.why;
  }
  // The C maths library computes on its arguments.
  if (module.substr(0, 8) == "libm.so." || module.substr(0, 10) == "libmvec.so") return kNoMemory;
  return nullptr;
}

const char* why_caller_is_seen(std::string_view function) {
  for (std::string_view inside :
       {"std::_V2::condition_variable_any::", "std::condition_variable::"}) {
    if (function.substr(0, inside.size()) == inside) return kWaits;
  }
  return nullptr;
}

}  // namespace lineup::engine
