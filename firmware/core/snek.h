/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Everything the core shares: include this one header. */
#ifndef SNEK_H
#define SNEK_H

#include "config.h"
#include "port.h"
#include "config_default.h"

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "value.h"
#include "gc.h"
#include "object.h"
#include "error.h"
#include "hal.h"
#include "lex.h"
#include "name.h"
#include "compile.h"
#include "vm.h"
#include "obj.h"
#include "print.h"
#include "builtin.h"
#include "number.h"
#include "repl.h"
#include "console.h"
#include "gpio.h"

#define SNEK_VERSION "0.1.0"

#endif
