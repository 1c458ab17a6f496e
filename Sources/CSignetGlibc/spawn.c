#define _GNU_SOURCE
#include "signet_spawn.h"

#include <sys/mman.h>

int signet_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int signet_memory_file(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}
