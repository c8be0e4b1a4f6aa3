// Included before anything else in every source file lineup instruments (lineup::instrument
// passes -include engine/runtime/string_calls.h): routes memcpy, memmove, memset, memcmp and bcmp
// to the runtime's __lineup_* functions (engine/runtime/string_calls.cpp), which make the bytes
// they touch steps like any other shared access.
//
// -fsanitize=thread sees none of these calls: a call stays a call to the C library, and a
// constant size is expanded inline after the instrumentation pass, into moves no hook sees.
// Hence, together with the -fno-builtin-<name> flags that keep g++ from expanding the calls
// themselves:
//   - each function is declared, before the C library's headers declare it, under the
//     assembler name of the runtime's definition, so every call (and `&memcpy`) goes there;
//   - the __builtin_ spellings, which -fno-builtin does not cover and libstdc++ uses directly
//     (char_traits::copy, std::copy of trivial types), are the same functions, so they too
//     become calls. libstdc++ calls them only outside constant evaluation.
// Copies g++ makes of its own accord (aggregate assignment, zeroing) are reported by
// -fsanitize=thread as ranges already; their library calls keep the C library's names.
//
// C and C++. A system header, so that a later declaration of one of these functions with
// another exception specification (code that declares memcpy itself) is accepted, as it is
// against the C library's own declaration.
#pragma GCC system_header
#ifndef LINEUP_ENGINE_RUNTIME_STRING_CALLS_H
#define LINEUP_ENGINE_RUNTIME_STRING_CALLS_H

// The fortified inline wrappers would call __memcpy_chk and the like, which no hook sees.
#undef _FORTIFY_SOURCE

// `name` under the assembler name of the runtime's definition, __lineup_<name>.
#ifdef __cplusplus
#define LINEUP_STRING_CALL(name) noexcept __asm__("__lineup_" #name)
extern "C" {
#else
#define LINEUP_STRING_CALL(name) __asm__("__lineup_" #name)
#endif

void* memcpy(void*, const void*, __SIZE_TYPE__) LINEUP_STRING_CALL(memcpy);
void* memmove(void*, const void*, __SIZE_TYPE__) LINEUP_STRING_CALL(memmove);
void* memset(void*, int, __SIZE_TYPE__) LINEUP_STRING_CALL(memset);
int memcmp(const void*, const void*, __SIZE_TYPE__) LINEUP_STRING_CALL(memcmp);
int bcmp(const void*, const void*, __SIZE_TYPE__) LINEUP_STRING_CALL(bcmp);

#ifdef __cplusplus
}
#endif
#undef LINEUP_STRING_CALL

#define __builtin_memcpy memcpy
#define __builtin_memmove memmove
#define __builtin_memset memset
#define __builtin_memcmp memcmp
#define __builtin_bcmp bcmp

#endif
