/* SPDX-License-Identifier: GPL-3.0-or-later */
/* C99 float functions the core's math module uses and avr-libc lacks;
 * mathf.c has them. */
#ifndef SNEK_UNO_MATHF_H
#define SNEK_UNO_MATHF_H

float rintf(float x);
float remainderf(float x, float y);
float exp2f(float x);
float expm1f(float x);
float log1pf(float x);
float log2f(float x);
float asinhf(float x);
float acoshf(float x);
float atanhf(float x);
float erff(float x);
float erfcf(float x);
float tgammaf(float x);
float lgammaf(float x);

#endif
