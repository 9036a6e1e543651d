/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ARM semihosting calls: the operation in r0, a pointer to its arguments
 * in r1, the answer in r0. */
#include "semihost.h"
#include <string.h>

enum {
	SYS_OPEN = 0x01,
	SYS_CLOSE = 0x02,
	SYS_WRITE = 0x05,
	SYS_READ = 0x06,
	SYS_GET_CMDLINE = 0x15,
	SYS_EXIT_EXTENDED = 0x20,
};

#define ADP_STOPPED_APPLICATION_EXIT 0x20026

static uintptr_t call(uintptr_t op, const void *args)
{
	register uintptr_t r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = args;

	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

int32_t sh_open(const char *path, uint32_t mode)
{
	uintptr_t args[3] = { (uintptr_t)path, mode, strlen(path) };

	return (int32_t)call(SYS_OPEN, args);
}

void sh_close(int32_t fd)
{
	uintptr_t args[1] = { (uintptr_t)fd };

	call(SYS_CLOSE, args);
}

/* SYS_READ answers with the count of bytes it did not read. */
size_t sh_read(int32_t fd, void *buf, size_t len)
{
	uintptr_t args[3] = { (uintptr_t)fd, (uintptr_t)buf, len };
	uintptr_t left = call(SYS_READ, args);

	return left > len ? 0 : len - left;
}

void sh_write(int32_t fd, const void *buf, size_t len)
{
	uintptr_t args[3] = { (uintptr_t)fd, (uintptr_t)buf, len };

	call(SYS_WRITE, args);
}

_Bool sh_cmdline(char *buf, size_t size)
{
	uintptr_t args[2] = { (uintptr_t)buf, size };

	return call(SYS_GET_CMDLINE, args) == 0;
}

/* SYS_EXIT_EXTENDED carries the status (plain SYS_EXIT on AArch32 only
 * says whether the program succeeded). */
void sh_exit(int status)
{
	uintptr_t args[2] = { ADP_STOPPED_APPLICATION_EXIT, (uintptr_t)status };

	for (;;)
		call(SYS_EXIT_EXTENDED, args);
}
