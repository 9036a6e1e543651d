/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Host specifics the core needs beyond config.h: nothing; tables are
 * plain memory here. */
