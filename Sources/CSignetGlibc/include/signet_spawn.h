// glibc's posix_spawn_file_actions_addclosefrom_np (glibc 2.34) and memfd_create (glibc 2.27),
// which Swift's Glibc module does not import (GNU extensions of <spawn.h> and <sys/mman.h>).
#ifndef SIGNET_SPAWN_H
#define SIGNET_SPAWN_H

#include <spawn.h>

/// Adds to `actions` the closing of every descriptor from `lowest` up in the child, after the
/// actions added before it: what libraries opened without O_CLOEXEC is not inherited.
/// Returns 0, or an errno value.
int signet_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// An anonymous file in memory (close-on-exec), named `name` in /proc; -1 with errno on failure.
int signet_memory_file(const char *name);

#endif
