/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Port specifics the core needs beyond config.h: none; tables are plain
 * memory here. */
