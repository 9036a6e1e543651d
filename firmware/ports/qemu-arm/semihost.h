/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ARM semihosting (the "Semihosting for AArch32 and AArch64" spec): the
 * program asks QEMU for host files, the console and its exit status with
 * a breakpoint (BKPT 0xAB on M-profile). */
#ifndef SNEK_SEMIHOST_H
#define SNEK_SEMIHOST_H

#include <stdint.h>
#include <stddef.h>

/* Open modes, as fopen's: "rb", "wb", "ab". */
#define SH_READ 1
#define SH_WRITE 5
#define SH_APPEND 9

/* A host file's handle, or -1. ":tt" is the console: read is stdin,
 * write is stdout, append is stderr. */
int32_t sh_open(const char *path, uint32_t mode);
void sh_close(int32_t fd);
/* Bytes read: 0 at the end of the file. */
size_t sh_read(int32_t fd, void *buf, size_t len);
void sh_write(int32_t fd, const void *buf, size_t len);
/* The command line QEMU was given (-semihosting-config arg=...), each
 * argument separated by one space; false if it did not fit. */
_Bool sh_cmdline(char *buf, size_t size);
__attribute__((noreturn)) void sh_exit(int status);

#endif
